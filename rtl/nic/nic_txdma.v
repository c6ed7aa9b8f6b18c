`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_txdma: NIC TX DMA engine. N_VN resident contexts (one per VN), HOST_SCHED with the per-VN
// low-water mark, ROUTER_ARB with the per-VN high-water mark, one 32-byte datapath through one
// buffer memory partitioned per VN (docs/nic_txdma.md; C model cmodel/nic_txdma.c).
//
// Source: seed 003 L40-L70 (section 2.3 of ../shared/spec/003-nic-app-state.md: contexts, buffer
// sizing L60, HOST_SCHED L62-L68, ROUTER_ARB L70), block B4 of the note (context state [R],
// properties D1-D9), ambiguities A23-A26; issue 12; the project host DMA interface (docs/nic.md).
//
// Ports (one clock clk, synchronous active-high rst; valid/ready handshakes):
//   s_cmd  {vn[1:0], addr[63:0], len[20:0] bytes, dest_nid[15:0], msg_id[15:0]}  TX commands.
//          Refused (taken and dropped, counter cmd_refused): vn >= N_VN, len 0 or > 1 MiB, addr
//          not 32-byte aligned (this engine has no funnel shifter: docs/nic_txdma.md 2).
//          Accepted commands wait in a per-VN FIFO (CMD_DEPTH) with a 16-bit arrival stamp.
//   m_rd_req {addr[63:0], len[12:0] 32..4096, tag[TAG_W]}  host reads: 32-byte aligned, never
//          longer than MRRS nor across a 4 KiB page (MRRS divides 4096); one per read slot.
//   s_cpl  {tag, data[255:0], last, err}  completion beats; s_cpl_ready is 1 after reset (space
//          for every beat was reserved, D1). A beat for a tag that is not outstanding is dropped
//          (counter cpl_bad). Beats with err are stored (data zero) and their flits carry err;
//          the request counts once in cpl_err.
//   s_cr   {vc[VN_W], n[7:0]}  network credit returns (always ready); one that would raise the
//          VC above CRED_MAX is dropped (counter cred_err), D7.
//   m_hdr  {dest_nid, len[20:0], vn, msg_id}  one per message, pushed when its head flit is granted
//   m_data {data[255:0], bytes[5:0] (1..32 valid bytes from byte 0), vn, vc (= vn), last, err}
//          the message bytes in order, 32 per flit from message offset 0.
//   s_axil_*  CSR slave (rdl/nic_txdma.rdl).
// Timing (docs/nic_txdma.md 4): HOST_SCHED runs every second cycle: in a snapshot cycle (phase 0)
//   the per-context flags (needs, low, next request size) and a free tag are registered; in the
//   decision cycle (phase 1) nic_txdma_sched decides from them and the read request is registered.
//   ROUTER_ARB (nic_txdma_arb) grants one flit per cycle from registered state; the flit enters
//   the output FIFO 5 cycles later (o1 grant, oa RAM address, o2 RAM data, o3 / o4 RAM output
//   registers) and is on m_data the cycle after. Completion beat -> buffer write: 3 cycles (c1,
//   c2, c3); a retired read becomes sendable (occ) 2-3 cycles after its last beat.
// Throughput: one 32-byte flit per cycle out; one completion beat per cycle in.
// Resources at the lab size (N_VN 4, TAG_W 5, 2048 lines): see docs/nic_txdma.md 8.
module nic_txdma #(
    parameter N_VN      = 4,
    parameter VN_W      = 2,
    parameter TAG_W     = 5,
    parameter LINES     = 2048,
    parameter LA_W      = 11,          // log2(LINES)
    parameter CMD_DEPTH = 4
) (
    input  wire              clk,
    input  wire              rst,
    // commands
    input  wire              s_cmd_valid,
    output wire              s_cmd_ready,
    input  wire [1:0]        s_cmd_vn,
    input  wire [63:0]       s_cmd_addr,
    input  wire [20:0]       s_cmd_len,
    input  wire [15:0]       s_cmd_dest_nid,
    input  wire [15:0]       s_cmd_msg_id,
    // host read requests
    output wire              m_rd_req_valid,
    input  wire              m_rd_req_ready,
    output wire [63:0]       m_rd_req_addr,
    output wire [12:0]       m_rd_req_len,
    output wire [TAG_W-1:0]  m_rd_req_tag,
    // host read completions
    input  wire              s_cpl_valid,
    output wire              s_cpl_ready,
    input  wire [TAG_W-1:0]  s_cpl_tag,
    input  wire [255:0]      s_cpl_data,
    input  wire              s_cpl_last,
    input  wire              s_cpl_err,
    // network credit returns
    input  wire              s_cr_valid,
    input  wire [VN_W-1:0]   s_cr_vc,
    input  wire [7:0]        s_cr_n,
    // to the packet manager: headers
    output wire              m_hdr_valid,
    input  wire              m_hdr_ready,
    output wire [15:0]       m_hdr_dest_nid,
    output wire [20:0]       m_hdr_len,
    output wire [VN_W-1:0]   m_hdr_vn,
    output wire [15:0]       m_hdr_msg_id,
    // to the packet manager: data
    output wire              m_data_valid,
    input  wire              m_data_ready,
    output wire [255:0]      m_data_data,
    output wire [5:0]        m_data_bytes,
    output wire [VN_W-1:0]   m_data_vn,
    output wire [VN_W-1:0]   m_data_vc,
    output wire              m_data_last,
    output wire              m_data_err,
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
`include "nic_txdma_regs.vh"

    localparam NT    = 1 << TAG_W;     // tags
    localparam OW    = LA_W + 1;       // line counts 0..LINES
    localparam CMDW  = 16 + 16 + 16 + 21 + 64;   // {stamp, msg_id, dest, len, addr}
    localparam NSTAT = 12;
    localparam ODEP  = 8;              // data output FIFO
    localparam HDEP  = 4;              // header output FIFO
    localparam SLICE0 = LINES / N_VN;  // default slice lines per VN

    initial begin
        if (N_VN < 2 || N_VN > 4 || (1 << VN_W) < N_VN || VN_W > 2 || (1 << LA_W) != LINES ||
            TAG_W < 1 || TAG_W > 8 || LA_W < 8) begin
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

    reg  [2:0]   mrrs_reg;
    reg  [16:0]  lwm_reg   [0:N_VN-1];
    reg  [20:0]  hwm_reg   [0:N_VN-1];
    reg  [LA_W-1:0] base_reg [0:N_VN-1];
    reg  [OW-1:0]   size_reg [0:N_VN-1];
    reg  [OW:0]     end_reg  [0:N_VN-1];   // base + size (one past the slice)
    reg  [OW:0]     endm1_reg [0:N_VN-1];  // base + size - 1 (the slice's last line)
    reg  [15:0]  cmax_reg  [0:N_VN-1];
    reg  [63:0]  bytes_reg;

    wire wr_full = reg_wr_strb == 4'hf;
    wire [11:0] wa = reg_wr_addr;
    wire [1:0]  wi = wa[3:2];
    wire wr_cfg  = wa == TD_MRRS_ADDR ||
                   ((wa[11:4] == TD_LWM_ADDR[11:4] || wa[11:4] == TD_HWM_ADDR[11:4] ||
                     wa[11:4] == TD_BUF_BASE_ADDR[11:4] || wa[11:4] == TD_BUF_SIZE_ADDR[11:4] ||
                     wa[11:4] == TD_CRED_MAX_ADDR[11:4]) && wa[1:0] == 2'b00 &&
                    {30'd0, wi} < N_VN);
    wire csr_err_ev = reg_wr_en && (!wr_full || !wr_cfg);
    always @(*) reg_wr_err = csr_err_ev;
    // the write is decoded into one-hot strobes and applied one cycle after its apply cycle
    reg         w_mrrs;
    reg  [N_VN-1:0] w_lwm, w_hwm, w_base, w_size, w_cmax;
    reg  [31:0] w_data;
    always @(posedge clk) begin
        w_data <= reg_wr_data;
        w_mrrs <= !rst && reg_wr_en && wr_full && wa == TD_MRRS_ADDR;
        for (i = 0; i < N_VN; i = i + 1) begin
            w_lwm[i]  <= !rst && reg_wr_en && wr_full && wr_cfg && wi == i[1:0] && wa[11:4] == TD_LWM_ADDR[11:4];
            w_hwm[i]  <= !rst && reg_wr_en && wr_full && wr_cfg && wi == i[1:0] && wa[11:4] == TD_HWM_ADDR[11:4];
            w_base[i] <= !rst && reg_wr_en && wr_full && wr_cfg && wi == i[1:0] && wa[11:4] == TD_BUF_BASE_ADDR[11:4];
            w_size[i] <= !rst && reg_wr_en && wr_full && wr_cfg && wi == i[1:0] && wa[11:4] == TD_BUF_SIZE_ADDR[11:4];
            w_cmax[i] <= !rst && reg_wr_en && wr_full && wr_cfg && wi == i[1:0] && wa[11:4] == TD_CRED_MAX_ADDR[11:4];
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            mrrs_reg <= TD_MRRS_CODE_RESET[2:0];
            for (i = 0; i < N_VN; i = i + 1) begin
                lwm_reg[i]  <= 17'd0;
                hwm_reg[i]  <= 21'd0;
                base_reg[i] <= SLICE0[LA_W-1:0] * i[LA_W-1:0];
                size_reg[i] <= SLICE0[OW-1:0];
                cmax_reg[i] <= TD_CRED_MAX_FLITS_RESET[15:0];
            end
        end else begin
            if (w_mrrs) mrrs_reg <= w_data[2:0];
            for (i = 0; i < N_VN; i = i + 1) begin
                if (w_lwm[i])  lwm_reg[i]  <= w_data[16:0];
                if (w_hwm[i])  hwm_reg[i]  <= w_data[20:0];
                if (w_base[i]) base_reg[i] <= w_data[LA_W-1:0];
                if (w_size[i]) size_reg[i] <= w_data[OW-1:0];
                if (w_cmax[i]) cmax_reg[i] <= w_data[15:0];
            end
        end
        for (i = 0; i < N_VN; i = i + 1)
            end_reg[i] <= {2'b00, base_reg[i]} + {1'b0, size_reg[i]};
        for (i = 0; i < N_VN; i = i + 1)
            endm1_reg[i] <= {2'b00, base_reg[i]} + {1'b0, size_reg[i]} - {{OW{1'b0}}, 1'b1};
    end

    // ------------------------------------------------------------ command intake, per-VN FIFOs
    wire [VN_W-1:0] cvn = s_cmd_vn[VN_W-1:0];
    wire cmd_bad = ({30'd0, s_cmd_vn} >= N_VN) || s_cmd_len == 21'd0 || s_cmd_len > 21'h100000 ||
                   s_cmd_addr[4:0] != 5'd0;
    wire [N_VN-1:0] cf_s_ready, cf_m_valid, cf_pop;
    wire [CMDW-1:0] cf_m_data [0:N_VN-1];
    reg  [15:0]     stamp_reg;
    reg             in_v, in_bad;
    reg  [N_VN-1:0] in_oh;                 // the command's VN, one-hot
    reg  [CMDW-17:0] in_cmd;
    assign s_cmd_ready = !in_v;
    wire [N_VN-1:0] cmd_acc_oh = {N_VN{in_v && !in_bad}} & in_oh & cf_s_ready;
    wire cmd_acc = |cmd_acc_oh;
    wire cmd_ref = in_v && in_bad;
    always @(posedge clk) begin
        if (rst) begin
            in_v      <= 1'b0;
            stamp_reg <= 16'd0;
        end else begin
            if (s_cmd_valid && !in_v) in_v <= 1'b1;
            else if (cmd_ref || cmd_acc) in_v <= 1'b0;
            if (cmd_acc) stamp_reg <= stamp_reg + 16'd1;
        end
        if (!in_v) begin
            in_bad <= cmd_bad;
            for (i = 0; i < N_VN; i = i + 1) in_oh[i] <= cvn == i[VN_W-1:0];
            in_cmd <= {s_cmd_msg_id, s_cmd_dest_nid, s_cmd_len, s_cmd_addr};
        end
    end

    genvar g;
    generate
        for (g = 0; g < N_VN; g = g + 1) begin : g_cf
            wire [$clog2(CMD_DEPTH+1)-1:0] cnt;
            sync_fifo #(.WIDTH(CMDW), .DEPTH(CMD_DEPTH)) u_cf (
                .clk(clk), .rst(rst),
                .s_data({stamp_reg, in_cmd}),
                .s_valid(cmd_acc_oh[g]), .s_ready(cf_s_ready[g]),
                .m_data(cf_m_data[g]), .m_valid(cf_m_valid[g]), .m_ready(cf_pop[g]), .count(cnt)
            );
            wire unused_cnt = &{1'b0, cnt};
        end
    endgenerate

    // ------------------------------------------------------------ context state
    reg  [N_VN-1:0]   ctx_v, ctx_head;
    reg  [63:0]       ctx_addr   [0:N_VN-1];
    reg  [20:0]       ctx_rem    [0:N_VN-1];
    reg  [20:0]       ctx_len    [0:N_VN-1];
    reg  [15:0]       ctx_dest   [0:N_VN-1];
    reg  [15:0]       ctx_msg    [0:N_VN-1];
    reg  [OW-1:0]     ctx_rsv    [0:N_VN-1];
    reg  [OW-1:0]     ctx_occ    [0:N_VN-1];
    reg  [15:0]       ctx_tosend [0:N_VN-1];   // lines of the message not yet sent
    reg  [15:0]       ctx_reml   [0:N_VN-1];   // ceil(rem / 32): lines not yet requested
    reg  [5:0]        ctx_lastb  [0:N_VN-1];   // bytes of the last flit (1..32)
    reg  [15:0]       ctx_hwml   [0:N_VN-1];   // ceil(min(HWM, len) / 32)
    reg  [LA_W-1:0]   ctx_wptr   [0:N_VN-1];   // next line to reserve
    reg  [LA_W-1:0]   ctx_rptr   [0:N_VN-1];   // next line to send
    reg  [N_VN-1:0]   ctx_hok;                 // occ >= hwml (previous cycle)
    reg  [15:0]       cred_reg   [0:N_VN-1];
    reg  [N_VN*N_VN-1:0] older_reg;            // age matrix: [i*N_VN+j] i allocated before j
    reg               cur_v_reg;
    reg  [VN_W-1:0]   cur_reg;
    reg  [1:0]        ph_reg;            // HOST_SCHED phase: 0 apply, 1 sizes, 2 snapshot, 3 decide

    // ------------------------------------------------------------ tags
    reg  [NT-1:0]     tag_busy, tag_done, tag_err;
    reg  [LA_W-1:0]   tag_wline [0:NT-1];      // first line of the read
    reg  [7:0]        tag_cnt   [0:NT-1];      // beats received
    reg  [OW:0]       tag_end   [0:NT-1];      // one past the slice of the tag's context
    reg  [OW-1:0]     tag_size  [0:NT-1];
    reg  [7:0]        tag_lines [0:NT-1];      // lines of the read
    wire [TAG_W-1:0]  free_tag;
    wire              free_any;
    wire [NT-1:0]     free_oh, free_up;
    prio_enc #(.N(NT)) u_free (.req(~tag_busy), .valid(free_any), .index(free_tag),
                               .onehot(free_oh), .upper(free_up));

    // per-context in-order tag queues (retire in issue order)
    wire [N_VN-1:0]  tq_valid;
    wire [TAG_W-1:0] tq_head [0:N_VN-1];
    wire [NT-1:0]    tq_oh   [0:N_VN-1];      // tq_head one-hot (registered in the queue)
    reg  [N_VN-1:0]  tq_push, tq_pop;

    // ------------------------------------------------------------ HOST_SCHED, snapshot (phase 0)
    reg  [N_VN-1:0]  a_needs, a_low, a_cstart;
    reg  [N_VN-1:0]  grd_oh, gst_oh;             // the registered decision (below)
    reg  [12:0]      a_reqb  [0:N_VN-1];
    reg  [7:0]       a_reql  [0:N_VN-1];
    reg  [N_VN*N_VN-1:0] a_cmd_older;
    reg  [TAG_W-1:0] a_tag;
    reg              a_ok;                       // a free tag and the read port idle
    reg              rdq_v_reg;
    reg  [63:0]      rdq_addr_reg;
    reg  [12:0]      rdq_len_reg;
    reg  [TAG_W-1:0] rdq_tag_reg;

    // next request of context c: min(rem, MRRS - (addr mod MRRS)) bytes; registered every cycle
    // (fresh in phase 1: addr and rem change only in phase 0)
    reg  [12:0] nrb [0:N_VN-1];
    reg  [12:0] nrb_reg [0:N_VN-1];
    reg  [7:0]  nrl_reg [0:N_VN-1];
    reg  [15:0] sthw_reg [0:N_VN-1];    // ceil(min(HWM, len) / 32) of the head command of VN c
    // = min(ceil(HWM / 32), ceil(len / 32)) (ceil is monotone), both terms registered
    reg  [15:0] hlenc_reg [0:N_VN-1];   // ceil(len / 32) of the head command of VN c
    reg  [15:0] hwmc_reg [0:N_VN-1];    // ceil(HWM / 32), registered with hwm_reg
    reg  [20:0] hwm_nx [0:N_VN-1];
    reg  [OW:0] fill_c [0:N_VN-1];
    // fill_reg[c] = ctx_occ[c] + ctx_rsv[c], registered: fill' = fill + the read applied - the
    // flit granted (a retire moves lines from rsv to occ); both sums computed, the grant selects
    reg  [OW:0] fill_reg [0:N_VN-1];
    reg  [OW:0] fl_a [0:N_VN-1], fl_am1 [0:N_VN-1];
    // nrla_reg[c]: lines from ctx_addr[c] to the boundary of the context's MRRS (= m - (ctx_addr
    // & (m - 1)) in lines, m = ctx_ml[c] * 32) while rem[c] != 0. The MRRS is latched per
    // context at its start (ctx_ml, from the same cycle's CSR as nrlah_reg), so a CSR write
    // takes effect from the next message started and never splits a message's reads
    // unevenly. A start loads nrla from the head command's address (nrlah_reg); a granted
    // read of nrb = min(rem, that distance) bytes either ends on the boundary (distance then
    // = ctx_ml) or empties rem (the value is then unused until the next start). So no adder
    // sits on the path (timing pass 13). The MRRS mask and size in lines are decoded from
    // mrrs_reg directly.
    reg  [7:0]  nrla_reg [0:N_VN-1];
    reg  [7:0]  ctx_ml [0:N_VN-1];      // MRRS of the context's message, lines
    reg  [7:0]  mlh_reg;                // MRRS in lines, registered with nrlah_reg
    reg  [6:0]  mmask_c;                // MRRS / 32 - 1
    reg  [7:0]  mlines_c;               // MRRS / 32
    always @(*) begin
        case (mrrs_reg)
            3'd0: begin mlines_c = 8'd4;   mmask_c = 7'd3;   end
            3'd1: begin mlines_c = 8'd8;   mmask_c = 7'd7;   end
            3'd2: begin mlines_c = 8'd16;  mmask_c = 7'd15;  end
            3'd3: begin mlines_c = 8'd32;  mmask_c = 7'd31;  end
            3'd4: begin mlines_c = 8'd64;  mmask_c = 7'd63;  end
            default: begin mlines_c = 8'd128; mmask_c = 7'd127; end
        endcase
    end
    // nrlah_reg[c]: the same for the head command of VN c (its address), registered every cycle;
    // a start takes it (the head holds from the snapshot that saw it to the start; MRRS is
    // written while idle, docs/nic_txdma.md 6)
    reg  [7:0]  nrlah_reg [0:N_VN-1];
    always @(posedge clk) mlh_reg <= mlines_c;
    always @(posedge clk)
        for (i = 0; i < N_VN; i = i + 1) begin
            nrlah_reg[i] <= mlines_c - {1'b0, cf_m_data[i][11:5] & mmask_c};
            if (!rst && gst_oh[i])      nrla_reg[i] <= nrlah_reg[i];
            else if (!rst && grd_oh[i]) nrla_reg[i] <= ctx_ml[i];
            if (!rst && gst_oh[i])      ctx_ml[i]   <= mlh_reg;
        end
    always @(*) begin
        for (i = 0; i < N_VN; i = i + 1) begin
            // = min(rem, MRRS - (addr mod MRRS)): addr is 32-byte aligned while rem != 0
            nrb[i] = {nrla_reg[i], 5'd0};
            if (ctx_rem[i][20:13] == 8'd0 && ctx_rem[i][12:0] < nrb[i]) nrb[i] = ctx_rem[i][12:0];
            fill_c[i] = fill_reg[i];   // = occ + rsv
            hwm_nx[i] = rst ? 21'd0 : w_hwm[i] ? w_data[20:0] : hwm_reg[i];
        end
    end
    always @(posedge clk)
        for (i = 0; i < N_VN; i = i + 1) begin
            nrb_reg[i]  <= nrb[i];
            hlenc_reg[i] <= cf_m_data[i][84:69] + {15'd0, cf_m_data[i][68:64] != 5'd0};
            hwmc_reg[i]  <= hwm_nx[i][20:5] + {15'd0, hwm_nx[i][4:0] != 5'd0};
            nrl_reg[i]  <= {8'd0, nrla_reg[i]} < ctx_reml[i] ? nrla_reg[i] : ctx_reml[i][7:0];
            sthw_reg[i] <= hwmc_reg[i] < hlenc_reg[i] ? hwmc_reg[i] : hlenc_reg[i];
        end
    // snapshot (phase 2)
    always @(posedge clk) begin
        if (ph_reg == 2'd2) begin
            for (i = 0; i < N_VN; i = i + 1) begin
                a_reqb[i]  <= nrb_reg[i];
                a_reql[i]  <= nrl_reg[i];
                a_needs[i] <= ctx_v[i] && ctx_rem[i] != 21'd0 &&
                              !({1'b0, size_reg[i]} < fill_c[i] + {{(OW-7){1'b0}}, nrl_reg[i]});
                a_low[i]   <= {{(26-OW){1'b0}}, fill_c[i], 5'd0} <= {15'd0, lwm_reg[i]};
                a_cstart[i] <= !ctx_v[i] && cf_m_valid[i];
                for (j = 0; j < N_VN; j = j + 1)
                    a_cmd_older[i*N_VN+j] <= i != j &&
                        $signed(cf_m_data[i][CMDW-1 -: 16] - cf_m_data[j][CMDW-1 -: 16]) < 0;
            end
            a_tag <= free_tag;
            a_ok  <= free_any && !rdq_v_reg;
        end
    end

    // ------------------------------------------------------------ HOST_SCHED, decision (phase 3)
    wire             d_nxt_v, d_rd, d_start;
    wire [VN_W-1:0]  d_nxt;
    nic_txdma_sched #(.N_VN(N_VN), .VN_W(VN_W)) u_sched (
        .needs(a_needs), .low(a_low), .cstart(a_cstart), .older(older_reg), .cmd_older(a_cmd_older),
        .cur_v(cur_v_reg), .cur(cur_reg), .nxt_v(d_nxt_v), .nxt(d_nxt), .rd(d_rd), .start(d_start)
    );
    wire slot    = ph_reg == 2'd3 && a_ok;
    // the decision, registered; applied in phase 0
    reg             do_rd, do_st;
    reg  [VN_W-1:0] dec_nxt;
    always @(posedge clk) begin
        for (i = 0; i < N_VN; i = i + 1) begin
            grd_oh[i] <= !rst && slot && d_rd && d_nxt == i[VN_W-1:0];
            gst_oh[i] <= !rst && slot && d_start && d_nxt == i[VN_W-1:0];
        end
        do_rd   <= !rst && slot && d_rd;
        do_st   <= !rst && slot && d_start;
        dec_nxt <= d_nxt;
    end
    assign cf_pop = gst_oh;

    always @(posedge clk) begin
        if (rst) begin
            ph_reg    <= 2'd0;
            cur_v_reg <= 1'b0;
            cur_reg   <= {VN_W{1'b0}};
            rdq_v_reg <= 1'b0;
        end else begin
            ph_reg <= ph_reg + 2'd1;
            if (slot) begin
                cur_v_reg <= d_nxt_v;
                cur_reg   <= d_nxt;
            end
            if (do_rd) rdq_v_reg <= 1'b1;
            else if (m_rd_req_ready) rdq_v_reg <= 1'b0;
        end
        if (do_rd) begin
            rdq_addr_reg <= ctx_addr[dec_nxt];
            rdq_len_reg  <= a_reqb[dec_nxt];
            rdq_tag_reg  <= a_tag;
        end
    end
    assign m_rd_req_valid = rdq_v_reg;
    assign m_rd_req_addr  = rdq_addr_reg;
    assign m_rd_req_len   = rdq_len_reg;
    assign m_rd_req_tag   = rdq_tag_reg;

    // ------------------------------------------------------------ completions -> buffer
    // c1: the beat registered with its check (tag outstanding and its last beat not yet taken;
    // the previous beat's last flag is forwarded); c1 -> buffer write address; c2: RAM write
    reg              c1_v, c1_ok, c1_last, c1_err;
    reg  [TAG_W-1:0] c1_tag;
    reg  [255:0]     c1_data;
    reg              cpl_rdy_reg;
    assign s_cpl_ready = cpl_rdy_reg;
    wire s_cpl_hs = s_cpl_valid && cpl_rdy_reg;
    always @(posedge clk) begin
        cpl_rdy_reg <= !rst;
        c1_v    <= !rst && s_cpl_hs;
        c1_ok   <= !rst && s_cpl_hs && tag_busy[s_cpl_tag] && !tag_done[s_cpl_tag] &&
                   !(c1_ok && c1_last && c1_tag == s_cpl_tag);
        c1_tag  <= s_cpl_tag;
        c1_data <= s_cpl_data;
        c1_last <= s_cpl_last;
        c1_err  <= s_cpl_err;
    end
    wire             c1_bad = c1_v && !c1_ok;
    // c2: the beat's index k in its read and the read's first line / slice, registered from the
    // tag table (the per-tag counter counts up locally, no read-modify-write through a mux)
    reg              c2_ok, c2_err;
    reg  [255:0]     c2_data;
    reg  [7:0]       c2_k;
    reg  [LA_W-1:0]  c2_l0;
    reg  [OW:0]      c2_end;
    reg  [OW-1:0]    c2_size;
    always @(posedge clk) begin
        c2_ok   <= !rst && c1_ok;
        c2_err  <= c1_err;
        c2_data <= c1_data;
        c2_k    <= tag_cnt[c1_tag];
        c2_l0   <= tag_wline[c1_tag];
        c2_end  <= tag_end[c1_tag];
        c2_size <= tag_size[c1_tag];
    end
    // c3: the line (first line + k) registered; the wrap at the slice end (compare and subtract
    // in parallel) -> buffer write address / data (bw), RAM write one cycle later
    wire [OW+1:0]    c2_a   = {3'b000, c2_l0} + {{(OW-6){1'b0}}, c2_k};
    reg              c3_ok, c3_err;
    reg  [255:0]     c3_data;
    reg  [OW+1:0]    c3_a;
    reg  [OW:0]      c3_end;
    reg  [OW-1:0]    c3_size;
    always @(posedge clk) begin
        c3_ok   <= !rst && c2_ok;
        c3_err  <= c2_err;
        c3_data <= c2_data;
        c3_a    <= c2_a;
        c3_end  <= c2_end;
        c3_size <= c2_size;
    end
    wire [OW+1:0]    c2_aw  = c3_a >= {1'b0, c3_end} ? c3_a - {2'b00, c3_size} : c3_a;
    reg              bw_en;
    reg  [LA_W-1:0]  bw_addr;
    reg  [256:0]     bw_data;
    always @(posedge clk) begin
        bw_en   <= c3_ok;
        bw_addr <= c2_aw[LA_W-1:0];
        bw_data <= {c3_err, c3_data};
    end

    // ------------------------------------------------------------ retire (in issue order per context)
    // hd_reg[c]: the head tag of context c has all its beats (registered with its lines, err
    // and tag one-hot; 0 in the cycle after a pop); r_*: the retire picked (lowest context),
    // applied to occ / rsv in the next cycle
    reg  [N_VN-1:0]  hd_reg;
    reg  [7:0]       hl_reg [0:N_VN-1];
    reg  [NT-1:0]    hto_reg [0:N_VN-1];   // one-hot of the head tag (the tag a retire frees)
    reg  [N_VN-1:0]  r_oh;                 // the retire picked, one-hot by context
    reg  [OW-1:0]    rl_c   [0:N_VN-1];    // r_oh[c] ? lines of the retired read : 0
    reg  [OW-1:0]    rlm1_c [0:N_VN-1];    // r_oh[c] ? lines of the retired read - 1 : -1
    reg              r_v, r_err;
    wire [N_VN-1:0]  hd_oh, hd_up;
    wire [VN_W-1:0]  hd_idx;
    wire             hd_any;
    prio_enc #(.N(N_VN)) u_ret (.req(hd_reg), .valid(hd_any), .index(hd_idx), .onehot(hd_oh), .upper(hd_up));
    always @(*) tq_pop = hd_oh;
    always @(posedge clk) begin
        for (i = 0; i < N_VN; i = i + 1) begin
            hd_reg[i] <= !rst && tq_valid[i] && |(tag_done & tq_oh[i]) && !tq_pop[i];
            hl_reg[i] <= tag_lines[tq_head[i]];
            hto_reg[i] <= tq_oh[i];
            r_oh[i]   <= !rst && hd_oh[i];
            rl_c[i]   <= !rst && hd_oh[i] ? {{(OW-8){1'b0}}, hl_reg[i]} : {OW{1'b0}};
            rlm1_c[i] <= !rst && hd_oh[i] ? {{(OW-8){1'b0}}, hl_reg[i]} - {{(OW-1){1'b0}}, 1'b1} : {OW{1'b1}};
        end
        r_v     <= !rst && hd_any;
        r_err   <= |(tag_err & ret_clr);   // the retired tag's err (final once its last beat is in)
    end
    always @(*) tq_push = grd_oh;
`ifdef FORMAL
    wire [NT*TAG_W-1:0] f_tq_mem [0:N_VN-1];
    wire [TAG_W-1:0]    f_tq_rd  [0:N_VN-1];
    wire [TAG_W:0]      f_tq_cnt [0:N_VN-1];
`endif
    generate
        for (g = 0; g < N_VN; g = g + 1) begin : g_tq
            nic_txdma_tq #(.TAG_W(TAG_W), .NT(NT)) u_tq (
                .clk(clk), .rst(rst), .s_data(a_tag), .s_valid(tq_push[g]),
                .m_data(tq_head[g]), .m_oh(tq_oh[g]), .m_valid(tq_valid[g]), .m_ready(tq_pop[g])
`ifdef FORMAL
                , .f_mem(f_tq_mem[g]), .f_rd_ptr(f_tq_rd[g]), .f_count(f_tq_cnt[g])
`endif
            );
        end
    endgenerate

    // tag table (written at the read's apply, phase 0; a tag is free again at its retire:
    // ret_clr = the retired context's head tag, AND-OR of the registered one-hots)
    reg [NT-1:0] ret_clr;
    always @(*) begin
        ret_clr = {NT{1'b0}};
        for (i = 0; i < N_VN; i = i + 1)
            if (hd_oh[i]) ret_clr = ret_clr | hto_reg[i];
    end
    always @(posedge clk) begin
        if (rst) begin
            tag_busy <= {NT{1'b0}};
            tag_done <= {NT{1'b0}};
            tag_err  <= {NT{1'b0}};
        end else begin
            for (j = 0; j < NT; j = j + 1)
                if (c1_ok && c1_tag == j[TAG_W-1:0]) begin
                    if (c1_last) tag_done[j] <= 1'b1;
                    if (c1_err)  tag_err[j]  <= 1'b1;
                end
            for (j = 0; j < NT; j = j + 1)
                if (ret_clr[j]) begin
                    tag_busy[j] <= 1'b0;
                    tag_done[j] <= 1'b0;
                end
            if (do_rd) begin
                tag_busy[a_tag]  <= 1'b1;
                tag_err[a_tag]   <= 1'b0;
                tag_wline[a_tag] <= ctx_wptr[dec_nxt];
                tag_end[a_tag]   <= end_reg[dec_nxt];
                tag_size[a_tag]  <= size_reg[dec_nxt];
                tag_lines[a_tag] <= a_reql[dec_nxt];
            end
        end
    end

    // per-tag beat counters: cleared when the tag's read is applied, +1 per beat taken
    generate
        for (g = 0; g < NT; g = g + 1) begin : g_tc
            always @(posedge clk)
                if (do_rd && a_tag == g[TAG_W-1:0]) tag_cnt[g] <= 8'd0;
                else if (c1_ok && c1_tag == g[TAG_W-1:0]) tag_cnt[g] <= tag_cnt[g] + 8'd1;
        end
    endgenerate

    // ------------------------------------------------------------ ROUTER_ARB
    // occ_nz / cred_nz: registered, exactly occ != 0 / credits != 0 (formed from the previous
    // cycle's values, its retire / credit return and its grant)
    reg  [N_VN-1:0] occ_nz, cred_nz;
    // elig_pre[c] = ctx_v && (ctx_head || ctx_hok) && out_ok_reg && (ctx_head || hdr_ok_reg),
    // registered from the next values of those registers (below), so the grant is one AND-OR
    // level shorter
    reg  [N_VN-1:0] elig_pre;
    reg  [3:0]  ocnt_reg;          // flits granted, not yet taken from m_data
    reg  [2:0]  hcnt_reg;          // headers granted, not yet taken from m_hdr
    reg         out_ok_reg, hdr_ok_reg;
    wire [N_VN-1:0] gnt;
    wire            gnt_v;
    wire [VN_W-1:0] gnt_idx;
    nic_txdma_arb #(.N_VN(N_VN), .VN_W(VN_W)) u_arb (
        .pre(elig_pre), .occ_nz(occ_nz), .cred_nz(cred_nz), .older(older_reg),
        .gnt(gnt), .gnt_v(gnt_v), .gnt_idx(gnt_idx)
    );
    // ts1[c] = (ctx_tosend[c] == 1): registered with ctx_tosend (its next value from the
    // compares of this cycle's ctx_tosend, selected by the grant, or from the started command)
    reg [N_VN-1:0] ts1;
    wire gnt_head = |(gnt & ~ctx_head);
    wire gnt_last = |(gnt & ts1);

    // flit pipeline: o1 (the grant one-hot registered; RAM address and header fields selected
    // by AND-OR from it), o2 (RAM data, header push) -> output FIFOs
    reg              o1_v, o1_last, o2_v, o2_last, o1_h, o2_h;
    reg  [N_VN-1:0]  o1_gnt;
    reg  [VN_W-1:0]  o1_vn, o2_vn;
    reg  [5:0]       o2_bytes;
    reg  [LA_W-1:0]  rprev [0:N_VN-1];           // line of the context's last granted flit
    reg  [52:0]      o2_hdr;
    wire [256:0]     br_data;
    reg  [LA_W-1:0]  o1_addr;
    reg  [52:0]      o1_hdr;
    reg  [5:0]       o1_lb;
    always @(*) begin
        o1_addr = {LA_W{1'b0}};
        o1_hdr  = 53'd0;
        o1_lb   = 6'd0;
        for (i = 0; i < N_VN; i = i + 1)
            if (o1_gnt[i]) begin
                o1_addr = o1_addr | rprev[i];
                o1_hdr  = o1_hdr | {ctx_dest[i], ctx_len[i], ctx_msg[i]};
                o1_lb   = o1_lb | ctx_lastb[i];
            end
    end
    reg              oa_v, oa_last, oa_h;
    reg  [VN_W-1:0]  oa_vn;
    reg  [LA_W-1:0]  oa_addr;
    reg  [52:0]      oa_hdr;
    reg  [5:0]       oa_bytes;
    always @(posedge clk) begin
        oa_v     <= !rst && o1_v;
        oa_h     <= !rst && o1_h;
        oa_vn    <= o1_vn;
        oa_last  <= o1_last;
        oa_addr  <= o1_addr;
        oa_hdr   <= o1_hdr;
        oa_bytes <= o1_last ? o1_lb : 6'd32;
    end
    always @(posedge clk) begin
        o1_v     <= !rst && gnt_v;
        o1_h     <= !rst && gnt_head;
        o1_gnt   <= gnt;
        o1_vn    <= gnt_idx;
        o1_last  <= gnt_last;
        for (i = 0; i < N_VN; i = i + 1)
            if (gnt[i]) rprev[i] <= ctx_rptr[i];
        o2_v     <= !rst && oa_v;
        o2_h     <= !rst && oa_h;
        o2_vn    <= oa_vn;
        o2_last  <= oa_last;
        o2_bytes <= oa_bytes;
        o2_hdr   <= oa_hdr;
    end
    nic_txdma_buf #(.LINES(LINES), .W(257), .AW(LA_W)) u_buf (
        .clk(clk), .wr_en(bw_en), .wr_addr(bw_addr), .wr_data(bw_data),
        .rd_en(oa_v), .rd_addr(oa_addr), .rd_data(br_data)
    );
    wire od_s_ready, hd_s_ready;
    wire [3:0] od_cnt;
    wire [2:0] hd_cnt;
    wire [255:0] od_data;
    // o3: the RAM data registered (the block RAM's clock-to-output is 5.8 ns: o3 sits next to
    // each RAM), o4: registered again before the output FIFO (the route across the chip)
    reg              o3_v, o3_last, o4_v, o4_last;
    reg  [VN_W-1:0]  o3_vn, o4_vn;
    reg  [5:0]       o3_bytes, o4_bytes;
    reg  [256:0]     o3_data, o4_data;
    always @(posedge clk) begin
        o3_v     <= !rst && o2_v;
        o3_vn    <= o2_vn;
        o3_last  <= o2_last;
        o3_bytes <= o2_bytes;
        o3_data  <= br_data;
        o4_v     <= !rst && o3_v;
        o4_vn    <= o3_vn;
        o4_last  <= o3_last;
        o4_bytes <= o3_bytes;
        o4_data  <= o3_data;
    end
    sync_fifo #(.WIDTH(257 + 6 + VN_W + 1), .DEPTH(ODEP)) u_od (
        .clk(clk), .rst(rst), .s_data({o4_data, o4_bytes, o4_vn, o4_last}), .s_valid(o4_v),
        .s_ready(od_s_ready), .m_data({m_data_err, od_data, m_data_bytes, m_data_vn, m_data_last}),
        .m_valid(m_data_valid), .m_ready(m_data_ready), .count(od_cnt)
    );
    assign m_data_data = od_data;
    assign m_data_vc   = m_data_vn;
    sync_fifo #(.WIDTH(16 + 21 + VN_W + 16), .DEPTH(HDEP)) u_hd (
        .clk(clk), .rst(rst),
        .s_data({o2_hdr[52:16], o2_vn, o2_hdr[15:0]}), .s_valid(o2_h),
        .s_ready(hd_s_ready), .m_data({m_hdr_dest_nid, m_hdr_len, m_hdr_vn, m_hdr_msg_id}),
        .m_valid(m_hdr_valid), .m_ready(m_hdr_ready), .count(hd_cnt)
    );
    wire unused_fifo = &{1'b0, od_s_ready, hd_s_ready, od_cnt, hd_cnt};
    wire odeq = m_data_valid && m_data_ready;
    wire hdeq = m_hdr_valid && m_hdr_ready;
    always @(posedge clk) begin
        if (rst) begin
            ocnt_reg   <= 4'd0;
            hcnt_reg   <= 3'd0;
            out_ok_reg <= 1'b0;
            hdr_ok_reg <= 1'b0;
        end else begin
            // both sums formed beside the grant, the grant selects
            ocnt_reg   <= gnt_v ? ocnt_reg + 4'd1 - {3'd0, odeq} : ocnt_reg - {3'd0, odeq};
            hcnt_reg   <= gnt_head ? hcnt_reg + 3'd1 - {2'd0, hdeq} : hcnt_reg - {2'd0, hdeq};
            // room next cycle whatever this cycle grants: count <= DEPTH - 2 now
            out_ok_reg <= ocnt_reg <= ODEP[3:0] - 4'd2;
            hdr_ok_reg <= hcnt_reg <= HDEP[2:0] - 3'd2;
        end
    end

    // ------------------------------------------------------------ credits (D7)
    // cr1: the return registered, checked against CRED_MAX with the credits of that cycle plus
    // the return still pending (credits only fall before it is added); added in the next cycle
    reg              cr_v;
    reg  [VN_W-1:0]  cr_vc;
    reg  [7:0]       cr_n;
    reg  [7:0]       cr_add [0:N_VN-1];
    reg  [N_VN-1:0]  cr_addv;
    always @(posedge clk) begin
        cr_v  <= !rst && s_cr_valid;
        cr_vc <= s_cr_vc;
        cr_n  <= s_cr_n;
    end
    // owed_reg[c] = CRED_MAX - credits - the add pending (>= 0 by D7), kept registered: the
    // check credits + pending + n > CRED_MAX is n > owed (no adder on the path);
    // owed' = owed + grant - the accepted return (0 at a CRED_MAX write and in reset)
    reg [N_VN-1:0] cr_ovf, cr_acc;
    reg [15:0]     owed_reg [0:N_VN-1];
    reg [15:0]     owed_m [0:N_VN-1], owed_p [0:N_VN-1], owed_mp [0:N_VN-1];
    reg [15:0]     cr_addm1 [0:N_VN-1];      // cr_add - 1 (16 bits, all ones when cr_add is 0)
    reg [7:0]      cr_nm1;
    always @(*)
        for (i = 0; i < N_VN; i = i + 1) begin
            cr_ovf[i]  = cr_v && cr_vc == i[VN_W-1:0] && {8'd0, cr_n} > owed_reg[i];
            cr_acc[i]  = !w_cmax[i] && cr_v && cr_vc == i[VN_W-1:0] && !cr_ovf[i];
            owed_m[i]  = owed_reg[i] - {8'd0, cr_n};
            owed_p[i]  = owed_reg[i] + 16'd1;
            owed_mp[i] = owed_reg[i] - {8'd0, cr_nm1};
        end
    always @(posedge clk) begin
        cr_nm1 <= s_cr_n - 8'd1;
        for (i = 0; i < N_VN; i = i + 1) begin
            cr_addv[i]  <= !rst && cr_acc[i] && cr_n != 8'd0;
            cr_add[i]   <= (!rst && cr_acc[i]) ? cr_n : 8'd0;
            cr_addm1[i] <= (!rst && cr_acc[i] && cr_n != 8'd0) ? {8'd0, cr_nm1} : 16'hffff;
            if (rst || w_cmax[i]) owed_reg[i] <= 16'd0;
            else if (cr_acc[i] && cr_n != 8'd0) owed_reg[i] <= gnt[i] ? owed_mp[i] : owed_m[i];
            else owed_reg[i] <= gnt[i] ? owed_p[i] : owed_reg[i];
        end
    end
    wire cred_err_ev = |cr_ovf || (cr_v && {{(32-VN_W){1'b0}}, cr_vc} >= N_VN);

    // ------------------------------------------------------------ context updates
    // wpn_reg: the write pointer after the read being decided, registered every cycle (its
    // inputs ctx_wptr / a_reql hold from the snapshot to the apply); rpn_reg: the read pointer
    // after the next grant (wrap(ctx_rptr + 1)), kept as state next to ctx_rptr, so the grant
    // only selects
    reg [OW:0] wp_nx [0:N_VN-1];
    reg [OW:0] rp_nx [0:N_VN-1];
    reg [OW:0] rp_st [0:N_VN-1];
    reg [LA_W-1:0] wpn_reg [0:N_VN-1];
    reg [LA_W-1:0] rpn_reg [0:N_VN-1];
    reg [LA_W-1:0] rpst_reg [0:N_VN-1];   // wrap(base + 1), registered (configuration)
    reg [OW-1:0] occ_a [0:N_VN-1];
    reg [OW-1:0] occ_am1 [0:N_VN-1];
    reg [15:0]   cred_a [0:N_VN-1];
    reg [15:0]   cred_am1 [0:N_VN-1];
    reg [N_VN-1:0] ret_c;
    always @(*)
        for (i = 0; i < N_VN; i = i + 1) begin
            wp_nx[i] = {2'b00, ctx_wptr[i]} + {{(OW-7){1'b0}}, a_reql[i]};
            if (wp_nx[i] >= end_reg[i]) wp_nx[i] = wp_nx[i] - {1'b0, size_reg[i]};
            // (x + 1 == end) as (x == end - 1): the compare runs beside the increment
            rp_nx[i] = {2'b00, rpn_reg[i]} + {{OW{1'b0}}, 1'b1};
            if ({2'b00, rpn_reg[i]} == endm1_reg[i]) rp_nx[i] = {2'b00, base_reg[i]};
            rp_st[i] = {2'b00, base_reg[i]} + {{OW{1'b0}}, 1'b1};
            if ({2'b00, base_reg[i]} == endm1_reg[i]) rp_st[i] = {2'b00, base_reg[i]};
            ret_c[i]  = r_oh[i];
            // the next occ / credits with and without this cycle's grant, computed in parallel
            // with the grant and selected by it
            occ_a[i]    = ctx_occ[i] + rl_c[i];
            fl_a[i]     = fill_reg[i] + (grd_oh[i] ? {{(OW-7){1'b0}}, a_reql[i]} : {(OW+1){1'b0}});
            fl_am1[i]   = fill_reg[i] + (grd_oh[i] ? {{(OW-7){1'b0}}, a_reql[i]} - {{OW{1'b0}}, 1'b1}
                                                   : {(OW+1){1'b1}});
            occ_am1[i]  = ctx_occ[i] + rlm1_c[i];
            cred_a[i]   = cred_reg[i] + {8'd0, cr_add[i]};
            cred_am1[i] = cred_reg[i] + cr_addm1[i];
        end
    reg [N_VN-1:0] v_nx, h_nx, k_nx;
    reg            oo_nx, ho_nx;
    always @(*) begin
        oo_nx = !rst && ocnt_reg <= ODEP[3:0] - 4'd2;
        ho_nx = !rst && hcnt_reg <= HDEP[2:0] - 3'd2;
        for (i = 0; i < N_VN; i = i + 1) begin
            v_nx[i] = !rst && (gst_oh[i] || (ctx_v[i] && !(gnt[i] && ts1[i])));
            h_nx[i] = !rst && !gst_oh[i] && (gnt[i] || ctx_head[i]);
            k_nx[i] = !rst && !gst_oh[i] && {{(16-OW){1'b0}}, ctx_occ[i]} >= ctx_hwml[i];
        end
    end
    always @(posedge clk)
        elig_pre <= v_nx & (h_nx | k_nx) & (h_nx | {N_VN{ho_nx}}) & {N_VN{oo_nx}};
    always @(posedge clk)
        for (i = 0; i < N_VN; i = i + 1) begin
            wpn_reg[i] <= wp_nx[i][LA_W-1:0];
            if (!rst && gnt[i]) rpn_reg[i] <= rp_nx[i][LA_W-1:0];
            if (!rst && gst_oh[i]) rpn_reg[i] <= rpst_reg[i];
            rpst_reg[i] <= rp_st[i][LA_W-1:0];
        end
    always @(posedge clk) begin
        if (rst) begin
            ctx_v     <= {N_VN{1'b0}};
            ctx_head  <= {N_VN{1'b0}};
            ctx_hok   <= {N_VN{1'b0}};
            occ_nz    <= {N_VN{1'b0}};
            cred_nz   <= {N_VN{1'b1}};
            older_reg <= {N_VN*N_VN{1'b0}};
            for (i = 0; i < N_VN; i = i + 1) begin
                ctx_rsv[i]  <= {OW{1'b0}};
                ctx_occ[i]  <= {OW{1'b0}};
                fill_reg[i] <= {(OW+1){1'b0}};
                ctx_rem[i]  <= 21'd0;
                cred_reg[i] <= TD_CRED_MAX_FLITS_RESET[15:0];
            end
        end else begin
            for (i = 0; i < N_VN; i = i + 1) begin
                ctx_hok[i] <= {{(16-OW){1'b0}}, ctx_occ[i]} >= ctx_hwml[i];
                // reservations: + read applied, - read retired
                ctx_rsv[i] <= ctx_rsv[i] + (grd_oh[i] ? {{(OW-8){1'b0}}, a_reql[i]} : {OW{1'b0}})
                                         - rl_c[i];
                ctx_occ[i] <= gnt[i] ? occ_am1[i] : occ_a[i];
                fill_reg[i] <= gnt[i] ? fl_am1[i] : fl_a[i];
                occ_nz[i]  <= ret_c[i] || ctx_occ[i] > {{(OW-2){1'b0}}, 2'd1} ||
                              (ctx_occ[i] == {{(OW-1){1'b0}}, 1'b1} && !gnt[i]);
                if (w_cmax[i]) begin
                    cred_reg[i] <= w_data[15:0];
                    cred_nz[i]  <= w_data[15:0] != 16'd0;
                end else begin
                    cred_reg[i] <= gnt[i] ? cred_am1[i] : cred_a[i];
                    cred_nz[i]  <= cr_addv[i] || cred_reg[i] > 16'd1 || (cred_reg[i] == 16'd1 && !gnt[i]);
                end
                if (grd_oh[i]) begin
                    ctx_rem[i]  <= ctx_rem[i] - {8'd0, a_reqb[i]};
                    ctx_reml[i] <= ctx_reml[i] - {8'd0, a_reql[i]};
                    ctx_addr[i] <= ctx_addr[i] + {51'd0, a_reqb[i]};
                    ctx_wptr[i] <= wpn_reg[i];
                end
                if (gnt[i]) begin
                    ts1[i]        <= ctx_tosend[i] == 16'd2;
                    ctx_head[i]   <= 1'b1;
                    ctx_tosend[i] <= ctx_tosend[i] - 16'd1;
                    ctx_rptr[i]   <= rpn_reg[i];
                    if (ts1[i]) ctx_v[i] <= 1'b0;
                end
                if (gst_oh[i]) begin
                    ctx_v[i]      <= 1'b1;
                    ctx_head[i]   <= 1'b0;
                    ctx_hok[i]    <= 1'b0;
                    ctx_addr[i]   <= cf_m_data[i][63:0];
                    ctx_rem[i]    <= cf_m_data[i][84:64];
                    ctx_len[i]    <= cf_m_data[i][84:64];
                    ctx_dest[i]   <= cf_m_data[i][100:85];
                    ctx_msg[i]    <= cf_m_data[i][116:101];
                    // ceil(len / 32) of the head command, registered (the head holds from the
                    // snapshot that saw it to this start)
                    ctx_tosend[i] <= hlenc_reg[i];
                    ctx_reml[i]   <= hlenc_reg[i];
                    ctx_lastb[i]  <= cf_m_data[i][68:64] == 5'd0 ? 6'd32 : {1'b0, cf_m_data[i][68:64]};
                    ts1[i]        <= hlenc_reg[i] == 16'd1;
                    ctx_hwml[i]   <= sthw_reg[i];
                    ctx_wptr[i]   <= base_reg[i];
                    ctx_rptr[i]   <= base_reg[i];
                    // the new context is the youngest: every other context is older than it
                    for (j = 0; j < N_VN; j = j + 1)
                        if (j != i) begin
                            older_reg[j*N_VN+i] <= 1'b1;
                            older_reg[i*N_VN+j] <= 1'b0;
                        end
                end
            end
        end
    end

    // ------------------------------------------------------------ counters
    wire stall_buf_ev  = slot && !d_rd && !d_start && (|(ctx_v & rem_nz));
    reg  [N_VN-1:0] rem_nz;
    always @(*)
        for (i = 0; i < N_VN; i = i + 1) rem_nz[i] = ctx_rem[i] != 21'd0;
    wire stall_tag_ev  = ph_reg == 2'd3 && !a_ok;
    wire stall_cred_ev = |(ctx_v & occ_nz & ~cred_nz & (ctx_head | ctx_hok));
    wire [NSTAT-1:0] stat_inc = {
        csr_err_ev,                      // 11 csr_err
        do_st,                           // 10 starts
        stall_cred_ev,                   //  9 stall_cred
        stall_tag_ev,                    //  8 stall_tag
        stall_buf_ev,                    //  7 stall_buf
        cred_err_ev,                     //  6 cred_err
        c1_bad,                          //  5 cpl_bad
        cmd_ref,                         //  4 cmd_refused
        r_v && r_err,                    //  3 cpl_err
        do_rd,                           //  2 reads
        odeq,                            //  1 flits
        hdeq                             //  0 msgs
    };
    reg  [NSTAT-1:0] stat_inc_reg;
    always @(posedge clk) stat_inc_reg <= rst ? {NSTAT{1'b0}} : stat_inc;
    wire rd_stat_hit = reg_rd_addr >= TD_STAT_ADDR && reg_rd_addr < TD_STAT_ADDR + 4 * NSTAT &&
                       reg_rd_addr[1:0] == 2'b00;
    wire [3:0] rd_sidx = reg_rd_addr[5:2];
    stats_counter #(.N(NSTAT), .CNT_WIDTH(32)) u_stats (
        .clk(clk), .rst(rst), .stat_inc(stat_inc_reg), .stat_clear(1'b0), .stat_busy(stat_busy),
        .rd_en(rd_stage[0] && rd_stat_hit), .rd_addr(rd_sidx),
        .rd_valid(stat_rd_valid), .rd_data(stat_rd_data)
    );
    always @(posedge clk)
        if (rst) bytes_reg <= 64'd0;
        else if (odeq) bytes_reg <= bytes_reg + {58'd0, m_data_bytes};

    // CSR reads: stage 0 decode, stage 1 value
    reg  [3:0] rd_code_reg;
    reg  [VN_W-1:0] rd_idx_reg;
    always @(posedge clk) begin
        if (rd_stage[0]) begin
            rd_isstat_reg <= rd_stat_hit;
            rd_err_reg    <= 1'b0;
            rd_code_reg   <= 4'd15;
            rd_idx_reg    <= reg_rd_addr[VN_W+1:2];
            if (reg_rd_addr == TD_ID_ADDR) rd_code_reg <= 4'd0;
            else if (reg_rd_addr == TD_PARAMS_ADDR) rd_code_reg <= 4'd1;
            else if (reg_rd_addr == TD_MRRS_ADDR) rd_code_reg <= 4'd2;
            else if (reg_rd_addr == TD_BYTES_LO_ADDR) rd_code_reg <= 4'd3;
            else if (reg_rd_addr == TD_BYTES_HI_ADDR) rd_code_reg <= 4'd4;
            else if (reg_rd_addr[1:0] == 2'b00 && {30'd0, reg_rd_addr[3:2]} < N_VN &&
                     reg_rd_addr[11:4] >= TD_LWM_ADDR[11:4] && reg_rd_addr[11:4] <= TD_CRED_ADDR[11:4])
                rd_code_reg <= 4'd5 + {1'b0, reg_rd_addr[6:4]} - {1'b0, TD_LWM_ADDR[6:4]};
            else rd_err_reg <= !rd_stat_hit;
        end
        if (rd_stage[1]) begin
            case (rd_code_reg)
                4'd0: rd_dat_reg <= TD_ID_ID_RESET;
                4'd1: rd_dat_reg <= {8'd0, LA_W[7:0], TAG_W[7:0], N_VN[7:0]};
                4'd2: rd_dat_reg <= {29'd0, mrrs_reg};
                4'd3: rd_dat_reg <= bytes_reg[31:0];
                4'd4: rd_dat_reg <= bytes_reg[63:32];
                4'd5: rd_dat_reg <= {15'd0, lwm_reg[rd_idx_reg]};
                4'd6: rd_dat_reg <= {11'd0, hwm_reg[rd_idx_reg]};
                4'd7: rd_dat_reg <= {{(32-LA_W){1'b0}}, base_reg[rd_idx_reg]};
                4'd8: rd_dat_reg <= {{(32-OW){1'b0}}, size_reg[rd_idx_reg]};
                4'd9: rd_dat_reg <= {16'd0, cmax_reg[rd_idx_reg]};
                4'd10: rd_dat_reg <= {16'd0, cred_reg[rd_idx_reg]};
                default: rd_dat_reg <= 32'd0;
            endcase
        end
    end
    wire unused_ok = &{1'b0, stat_rd_valid, reg_rd_addr, free_oh, free_up, hd_up, rd_stage[2],
                       reg_wr_data, w_data[31:21], d_nxt_v, hd_idx, out_ok_reg, hdr_ok_reg, c2_aw[OW+1:LA_W]};

`ifdef FORMAL
`include "nic_txdma_props.vh"
`endif
endmodule
`resetall
