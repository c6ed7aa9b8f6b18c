`default_nettype none
`timescale 1ns / 1ps
// nic_top: the NIC of seed 003 (L28-L38, note 2.1): command queues and doorbells -> command decode
// -> TX DMA (VN contexts on one read engine) -> per-VN framers -> network; network -> receive
// parser -> RX DMA -> host memory -> completion events. One translation unit serves the TX reads
// and the RX writes; the host side is the project's generic DMA interface (docs/nic.md 2).
//
// Source: docs/nic.md 6 (the plan and the port joins, built as written except where noted there);
// seed 003 L28-L74, L102-L190; note 003 2.1-2.6.
//
// Ports: clk, rst (synchronous, active high).
//   s_axi_*     doorbell / PIO window: nic_cmdq's AXI4 write slave (docs/nic_cmdq.md 3).
//   s_axil_*    CSRs, AXI4-Lite, 16-bit byte address, 4 KiB per window: 0x0000 nic_top
//               (rdl/nic_top.rdl), 0x1000 nic_cmdq, 0x2000 nic_txdma, 0x3000 nic_rxdma,
//               0x4000 nic_pkt_rx, 0x5000 nic_xlat, 0x6000 nic_eq; others SLVERR.
//   m_rd_req_*, s_cpl_*   host reads (docs/nic.md 2.1 / 2.2), physical addresses, tag HTAG_W =
//               {source[1:0], tag[7:0]} (0 ring fetch, 1 TX DMA, 2 page walker).
//   m_wr_*      host writes (docs/nic.md 2.3): RX data, events, consumer indices, in order.
//   m_net_*, s_net_*   AXI4-Stream 256-bit RoCEv2 packets (docs/nic.md 3), no FCS.
//   m_credit_*  this NIC's RX DMA returning buffer lines per VC (to the peer's s_credit);
//   s_credit_*  credits (flits) for this NIC's TX DMA. Valid-only pulses.
// Latency / throughput: the blocks' (docs/nic_*.md) plus 1-2 register stages per join.
// Errors: each join counts what it drops (STAT of rdl/nic_top.rdl); the blocks count theirs.
module nic_top #(
    parameter NQ      = 16,
    parameter N_SLOT  = 8,
    parameter N_VN    = 4,
    parameter HTAG_W  = 10,
    parameter NE      = 16,
    parameter LOG2MAX = 12,
    parameter TX_LINES = 2048,
    parameter RX_LINES = 1024
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire [3:0]            s_axi_awid,
    input  wire [13+$clog2(NQ)-1:0] s_axi_awaddr,
    input  wire [7:0]            s_axi_awlen,
    input  wire [2:0]            s_axi_awsize,
    input  wire [1:0]            s_axi_awburst,
    input  wire                  s_axi_awvalid,
    output wire                  s_axi_awready,
    input  wire [63:0]           s_axi_wdata,
    input  wire [7:0]            s_axi_wstrb,
    input  wire                  s_axi_wlast,
    input  wire                  s_axi_wvalid,
    output wire                  s_axi_wready,
    output wire [3:0]            s_axi_bid,
    output wire [1:0]            s_axi_bresp,
    output wire                  s_axi_bvalid,
    input  wire                  s_axi_bready,
    input  wire [15:0]           s_axil_awaddr,
    input  wire                  s_axil_awvalid,
    output wire                  s_axil_awready,
    input  wire [31:0]           s_axil_wdata,
    input  wire [3:0]            s_axil_wstrb,
    input  wire                  s_axil_wvalid,
    output wire                  s_axil_wready,
    output wire [1:0]            s_axil_bresp,
    output wire                  s_axil_bvalid,
    input  wire                  s_axil_bready,
    input  wire [15:0]           s_axil_araddr,
    input  wire                  s_axil_arvalid,
    output wire                  s_axil_arready,
    output wire [31:0]           s_axil_rdata,
    output wire [1:0]            s_axil_rresp,
    output wire                  s_axil_rvalid,
    input  wire                  s_axil_rready,
    output wire                  m_rd_req_valid,
    input  wire                  m_rd_req_ready,
    output wire [63:0]           m_rd_req_addr,
    output wire [12:0]           m_rd_req_len,
    output wire [HTAG_W-1:0]     m_rd_req_tag,
    input  wire                  s_cpl_valid,
    output wire                  s_cpl_ready,
    input  wire [HTAG_W-1:0]     s_cpl_tag,
    input  wire [255:0]          s_cpl_data,
    input  wire                  s_cpl_last,
    input  wire                  s_cpl_err,
    output wire                  m_wr_valid,
    input  wire                  m_wr_ready,
    output wire [63:0]           m_wr_addr,
    output wire [12:0]           m_wr_len,
    output wire [255:0]          m_wr_data,
    output wire                  m_wr_last,
    output wire [255:0]          m_net_tdata,
    output wire [31:0]           m_net_tkeep,
    output wire                  m_net_tlast,
    output wire                  m_net_tvalid,
    input  wire                  m_net_tready,
    input  wire [255:0]          s_net_tdata,
    input  wire [31:0]           s_net_tkeep,
    input  wire                  s_net_tlast,
    input  wire                  s_net_tvalid,
    output wire                  s_net_tready,
    output wire                  m_credit_valid,
    output wire [1:0]            m_credit_vc,
    output wire [7:0]            m_credit_n,
    input  wire                  s_credit_valid,
    input  wire [1:0]            s_credit_vc,
    input  wire [7:0]            s_credit_n
);
    localparam NW    = 7;                 // CSR windows
    localparam PIDW  = 12;
    localparam EQW   = $clog2(NE);
    localparam KMAX  = 3;
    localparam KW    = $clog2(KMAX + 1);
    localparam TX_LA = $clog2(TX_LINES);
    localparam RX_LA = $clog2(RX_LINES);

    initial begin
        if (N_VN < 2 || N_VN > 4 || HTAG_W != 10 || NE < 2) begin
            $error("%m: bad parameters");
            $finish;
        end
    end

    // ================================================================ CSR windows
    wire [NW*12-1:0] c_awaddr, c_araddr;
    wire [NW-1:0]    c_awvalid, c_awready, c_wvalid, c_wready, c_bvalid, c_bready;
    wire [NW-1:0]    c_arvalid, c_arready, c_rvalid, c_rready;
    wire [NW*32-1:0] c_wdata, c_rdata;
    wire [NW*4-1:0]  c_wstrb;
    wire [NW*2-1:0]  c_bresp, c_rresp;
    axil_demux #(.N(NW), .ADDR_W(16), .WIN_W(12)) u_csr (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .m_axil_awaddr(c_awaddr), .m_axil_awvalid(c_awvalid), .m_axil_awready(c_awready),
        .m_axil_wdata(c_wdata), .m_axil_wstrb(c_wstrb), .m_axil_wvalid(c_wvalid),
        .m_axil_wready(c_wready), .m_axil_bresp(c_bresp), .m_axil_bvalid(c_bvalid),
        .m_axil_bready(c_bready), .m_axil_araddr(c_araddr), .m_axil_arvalid(c_arvalid),
        .m_axil_arready(c_arready), .m_axil_rdata(c_rdata), .m_axil_rresp(c_rresp),
        .m_axil_rvalid(c_rvalid), .m_axil_rready(c_rready)
    );

    // ================================================================ top CSRs and counters
    wire [15:0] cfg_nid;
    wire [3:0]  cfg_pmtu_log2;
    wire [47:0] cfg_src_mac, cfg_dst_mac_base;
    wire [31:0] cfg_src_ip, cfg_dst_ip_base;
    wire [7:0]  cfg_tos, cfg_ttl;
    wire ev_cmd_ok, ev_cmd_ref, ev_tx_pkt, ev_tx_fault, ev_tx_err, ev_rx_ack, ev_rx_ref;
    wire ev_rx_fault, ev_post, ev_fc, ev_dis, ev_bad;
    wire [N_VN-1:0] ev_ferr;
    nic_top_csr #(.N_VN(N_VN), .NQ(NQ), .NE(NE), .NSTAT(14)) u_top_csr (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(c_awaddr[0 +: 12]), .s_axil_awvalid(c_awvalid[0]), .s_axil_awready(c_awready[0]),
        .s_axil_wdata(c_wdata[0 +: 32]), .s_axil_wstrb(c_wstrb[0 +: 4]), .s_axil_wvalid(c_wvalid[0]),
        .s_axil_wready(c_wready[0]), .s_axil_bresp(c_bresp[0 +: 2]), .s_axil_bvalid(c_bvalid[0]),
        .s_axil_bready(c_bready[0]), .s_axil_araddr(c_araddr[0 +: 12]), .s_axil_arvalid(c_arvalid[0]),
        .s_axil_arready(c_arready[0]), .s_axil_rdata(c_rdata[0 +: 32]), .s_axil_rresp(c_rresp[0 +: 2]),
        .s_axil_rvalid(c_rvalid[0]), .s_axil_rready(c_rready[0]),
        .cfg_nid(cfg_nid), .cfg_pmtu_log2(cfg_pmtu_log2), .cfg_src_mac(cfg_src_mac),
        .cfg_dst_mac_base(cfg_dst_mac_base), .cfg_src_ip(cfg_src_ip), .cfg_dst_ip_base(cfg_dst_ip_base),
        .cfg_tos(cfg_tos), .cfg_ttl(cfg_ttl),
        .stat_inc({|ev_ferr, ev_bad, ev_dis, ev_fc, ev_post, ev_rx_fault, ev_rx_ref, ev_rx_ack,
                   ev_tx_err, ev_tx_fault, ev_tx_pkt, ev_cmd_ref, ev_cmd_ok})
    );

    // ================================================================ command queues
    wire         cq_valid, cq_ready;
    wire [511:0] cq_data;
    wire [$clog2(NQ)-1:0] cq_qid;
    wire [PIDW-1:0] cq_pid;
    wire [1:0]   cq_vn;
    wire         qrd_valid, qrd_ready, qc_valid, qc_ready, qc_last, qc_err;
    wire [63:0]  qrd_addr;
    wire [12:0]  qrd_len;
    wire [7:0]   qrd_tag, qc_tag;
    wire [255:0] qc_data;
    wire         qwr_valid, qwr_ready, qwr_last;
    wire [63:0]  qwr_addr;
    wire [12:0]  qwr_len;
    wire [255:0] qwr_data;
    nic_cmdq #(.NQ(NQ), .N_SLOT(N_SLOT), .PIDW(PIDW), .ID_W(4), .TAG_W(8)) u_cmdq (
        .clk(clk), .rst(rst),
        .s_axi_awid(s_axi_awid), .s_axi_awaddr(s_axi_awaddr), .s_axi_awlen(s_axi_awlen),
        .s_axi_awsize(s_axi_awsize), .s_axi_awburst(s_axi_awburst), .s_axi_awvalid(s_axi_awvalid),
        .s_axi_awready(s_axi_awready), .s_axi_wdata(s_axi_wdata), .s_axi_wstrb(s_axi_wstrb),
        .s_axi_wlast(s_axi_wlast), .s_axi_wvalid(s_axi_wvalid), .s_axi_wready(s_axi_wready),
        .s_axi_bid(s_axi_bid), .s_axi_bresp(s_axi_bresp), .s_axi_bvalid(s_axi_bvalid),
        .s_axi_bready(s_axi_bready),
        .m_cmd_valid(cq_valid), .m_cmd_ready(cq_ready), .m_cmd_data(cq_data), .m_cmd_qid(cq_qid),
        .m_cmd_pid(cq_pid), .m_cmd_vn(cq_vn),
        .m_dma_rd_req_valid(qrd_valid), .m_dma_rd_req_ready(qrd_ready), .m_dma_rd_req_addr(qrd_addr),
        .m_dma_rd_req_len(qrd_len), .m_dma_rd_req_tag(qrd_tag),
        .s_dma_cpl_valid(qc_valid), .s_dma_cpl_ready(qc_ready), .s_dma_cpl_tag(qc_tag),
        .s_dma_cpl_data(qc_data), .s_dma_cpl_last(qc_last), .s_dma_cpl_err(qc_err),
        .m_dma_wr_valid(qwr_valid), .m_dma_wr_ready(qwr_ready), .m_dma_wr_addr(qwr_addr),
        .m_dma_wr_len(qwr_len), .m_dma_wr_data(qwr_data), .m_dma_wr_last(qwr_last),
        .s_axil_awaddr(c_awaddr[12 +: 12]), .s_axil_awvalid(c_awvalid[1]), .s_axil_awready(c_awready[1]),
        .s_axil_wdata(c_wdata[32 +: 32]), .s_axil_wstrb(c_wstrb[4 +: 4]), .s_axil_wvalid(c_wvalid[1]),
        .s_axil_wready(c_wready[1]), .s_axil_bresp(c_bresp[2 +: 2]), .s_axil_bvalid(c_bvalid[1]),
        .s_axil_bready(c_bready[1]), .s_axil_araddr(c_araddr[12 +: 12]), .s_axil_arvalid(c_arvalid[1]),
        .s_axil_arready(c_arready[1]), .s_axil_rdata(c_rdata[32 +: 32]), .s_axil_rresp(c_rresp[2 +: 2]),
        .s_axil_rvalid(c_rvalid[1]), .s_axil_rready(c_rready[1])
    );

    // ================================================================ command decode
    wire         dc_valid, dc_ready;
    wire [1:0]   dc_vn;
    wire [63:0]  dc_addr, fld_ta;
    wire [20:0]  dc_len;
    wire [15:0]  dc_nid, dc_id, fld_eqh;
    wire [23:0]  fld_qp;
    wire [N_VN-1:0] fld_ready;
    nic_top_cmd #(.N_VN(N_VN), .PIDW(PIDW)) u_dec (
        .clk(clk), .rst(rst),
        .s_cmd_valid(cq_valid), .s_cmd_ready(cq_ready), .s_cmd_data(cq_data), .s_cmd_pid(cq_pid),
        .s_cmd_vn(cq_vn),
        .m_dma_valid(dc_valid), .m_dma_ready(dc_ready), .m_dma_vn(dc_vn), .m_dma_addr(dc_addr),
        .m_dma_len(dc_len), .m_dma_dest_nid(dc_nid), .m_dma_msg_id(dc_id),
        .m_fld_target_addr(fld_ta), .m_fld_dest_qp(fld_qp), .m_fld_eq_handle(fld_eqh),
        .fld_ready(fld_ready), .ev_ok(ev_cmd_ok), .ev_refused(ev_cmd_ref)
    );

    // ================================================================ TX DMA
    wire         trd_valid, trd_ready;
    wire [63:0]  trd_addr;
    wire [12:0]  trd_len;
    wire [4:0]   trd_tag;
    wire         tc_valid, tc_last, tc_err, tc_ready_unused;
    wire [4:0]   tc_tag;
    wire [255:0] tc_data;
    wire         th_valid, th_ready, td_valid, td_ready, td_last, td_err;
    wire [15:0]  th_nid, th_id;
    wire [20:0]  th_len;
    wire [1:0]   th_vn, td_vn;
    wire [255:0] td_data;
    wire [5:0]   td_bytes;
    nic_txdma #(.N_VN(N_VN), .VN_W(2), .TAG_W(5), .LINES(TX_LINES), .LA_W(TX_LA)) u_txdma (
        .clk(clk), .rst(rst),
        .s_cmd_valid(dc_valid), .s_cmd_ready(dc_ready), .s_cmd_vn(dc_vn), .s_cmd_addr(dc_addr),
        .s_cmd_len(dc_len), .s_cmd_dest_nid(dc_nid), .s_cmd_msg_id(dc_id),
        .m_rd_req_valid(trd_valid), .m_rd_req_ready(trd_ready), .m_rd_req_addr(trd_addr),
        .m_rd_req_len(trd_len), .m_rd_req_tag(trd_tag),
        .s_cpl_valid(tc_valid), .s_cpl_ready(tc_ready_unused), .s_cpl_tag(tc_tag), .s_cpl_data(tc_data),
        .s_cpl_last(tc_last), .s_cpl_err(tc_err),
        .s_cr_valid(s_credit_valid), .s_cr_vc(s_credit_vc), .s_cr_n(s_credit_n),
        .m_hdr_valid(th_valid), .m_hdr_ready(th_ready), .m_hdr_dest_nid(th_nid), .m_hdr_len(th_len),
        .m_hdr_vn(th_vn), .m_hdr_msg_id(th_id),
        .m_data_valid(td_valid), .m_data_ready(td_ready), .m_data_data(td_data),
        .m_data_bytes(td_bytes), .m_data_vn(td_vn), .m_data_vc(), .m_data_last(td_last),
        .m_data_err(td_err),
        .s_axil_awaddr(c_awaddr[24 +: 12]), .s_axil_awvalid(c_awvalid[2]), .s_axil_awready(c_awready[2]),
        .s_axil_wdata(c_wdata[64 +: 32]), .s_axil_wstrb(c_wstrb[8 +: 4]), .s_axil_wvalid(c_wvalid[2]),
        .s_axil_wready(c_wready[2]), .s_axil_bresp(c_bresp[4 +: 2]), .s_axil_bvalid(c_bvalid[2]),
        .s_axil_bready(c_bready[2]), .s_axil_araddr(c_araddr[24 +: 12]), .s_axil_arvalid(c_arvalid[2]),
        .s_axil_arready(c_arready[2]), .s_axil_rdata(c_rdata[64 +: 32]), .s_axil_rresp(c_rresp[4 +: 2]),
        .s_axil_rvalid(c_rvalid[2]), .s_axil_rready(c_rready[2])
    );

    // ================================================================ translation
    wire         xt_valid, xt_ready, xw_valid, xw_ready;
    wire [15:0]  xt_pid, xw_pid;
    wire [63:0]  xt_va, xw_va;
    wire [4:0]   xt_id;
    wire         xr_valid, xr_ready, xr_gen;
    wire [7:0]   xr_id;
    wire [51:0]  xr_pa;
    wire [2:0]   xr_fault;
    wire         wk_valid, wk_ready, wc_valid, wc_ready;
    wire [51:0]  wk_addr;
    wire [2:0]   wk_tag, wc_tag;
    wire [63:0]  wc_data;
    wire [1:0]   busy_t, busy_w;
    // two requesters, alternating priority; both present registered requests
    reg          xpri_reg;
    wire         xsel_w = xw_valid && (!xt_valid || xpri_reg);
    wire         xq_ready;
    assign xt_ready = xq_ready && !xsel_w;
    assign xw_ready = xq_ready && xsel_w;
    always @(posedge clk)
        if (rst) xpri_reg <= 1'b0;
        else if (xq_ready && (xt_valid || xw_valid)) xpri_reg <= !xsel_w;
    nic_xlat #(.ID_W(8), .MQ(8)) u_xlat (
        .clk(clk), .rst(rst),
        .s_req_valid(xt_valid || xw_valid), .s_req_ready(xq_ready),
        .s_req_pid(xsel_w ? xw_pid : xt_pid), .s_req_va(xsel_w ? xw_va : xt_va),
        .s_req_write(xsel_w), .s_req_id(xsel_w ? 8'h80 : {3'd0, xt_id}),
        .m_resp_valid(xr_valid), .m_resp_ready(xr_ready), .m_resp_id(xr_id), .m_resp_pa(xr_pa),
        .m_resp_size(), .m_resp_fault(xr_fault), .m_resp_gen(xr_gen),
        .m_rd_valid(wk_valid), .m_rd_ready(wk_ready), .m_rd_addr(wk_addr), .m_rd_tag(wk_tag),
        .s_cpl_valid(wc_valid), .s_cpl_ready(wc_ready), .s_cpl_tag(wc_tag), .s_cpl_data(wc_data),
        .dma_busy(busy_t | busy_w), .inv_done(),
        .s_axil_awaddr(c_awaddr[60 +: 12]), .s_axil_awvalid(c_awvalid[5]), .s_axil_awready(c_awready[5]),
        .s_axil_wdata(c_wdata[160 +: 32]), .s_axil_wstrb(c_wstrb[20 +: 4]), .s_axil_wvalid(c_wvalid[5]),
        .s_axil_wready(c_wready[5]), .s_axil_bresp(c_bresp[10 +: 2]), .s_axil_bvalid(c_bvalid[5]),
        .s_axil_bready(c_bready[5]), .s_axil_araddr(c_araddr[60 +: 12]), .s_axil_arvalid(c_arvalid[5]),
        .s_axil_arready(c_arready[5]), .s_axil_rdata(c_rdata[160 +: 32]), .s_axil_rresp(c_rresp[10 +: 2]),
        .s_axil_rvalid(c_rvalid[5]), .s_axil_rready(c_rready[5])
    );
    wire xr_t_ready, xr_w_ready;
    assign xr_ready = xr_id[7] ? xr_w_ready : xr_t_ready;

    wire         hrt_valid, hrt_ready;
    wire [63:0]  hrt_addr;
    wire [12:0]  hrt_len;
    wire [4:0]   hrt_tag;
    wire         hc_valid, hc_last, hc_err;
    wire [4:0]   hc_tag;
    wire [255:0] hc_data;
    nic_top_txrd #(.TAG_W(5)) u_txrd (
        .clk(clk), .rst(rst),
        .s_rd_valid(trd_valid), .s_rd_ready(trd_ready), .s_rd_addr(trd_addr), .s_rd_len(trd_len),
        .s_rd_tag(trd_tag),
        .m_xq_valid(xt_valid), .m_xq_ready(xt_ready), .m_xq_pid(xt_pid), .m_xq_va(xt_va), .m_xq_id(xt_id),
        .s_xr_valid(xr_valid && !xr_id[7]), .s_xr_ready(xr_t_ready), .s_xr_id(xr_id[4:0]),
        .s_xr_pa(xr_pa), .s_xr_fault(xr_fault), .s_xr_gen(xr_gen),
        .m_rd_valid(hrt_valid), .m_rd_ready(hrt_ready), .m_rd_addr(hrt_addr), .m_rd_len(hrt_len),
        .m_rd_tag(hrt_tag),
        .s_cpl_valid(hc_valid), .s_cpl_ready(), .s_cpl_tag(hc_tag), .s_cpl_data(hc_data),
        .s_cpl_last(hc_last), .s_cpl_err(hc_err),
        .m_cpl_valid(tc_valid), .m_cpl_tag(tc_tag), .m_cpl_data(tc_data), .m_cpl_last(tc_last),
        .m_cpl_err(tc_err), .busy(busy_t), .ev_fault(ev_tx_fault)
    );

    // ================================================================ host reads
    nic_top_hrd #(.HTAG_W(HTAG_W)) u_hrd (
        .clk(clk), .rst(rst),
        .s_q_valid(qrd_valid), .s_q_ready(qrd_ready), .s_q_addr(qrd_addr), .s_q_len(qrd_len),
        .s_q_tag(qrd_tag),
        .s_t_valid(hrt_valid), .s_t_ready(hrt_ready), .s_t_addr(hrt_addr), .s_t_len(hrt_len),
        .s_t_tag(hrt_tag),
        .s_w_valid(wk_valid), .s_w_ready(wk_ready), .s_w_addr(wk_addr), .s_w_tag(wk_tag),
        .m_rd_valid(m_rd_req_valid), .m_rd_ready(m_rd_req_ready), .m_rd_addr(m_rd_req_addr),
        .m_rd_len(m_rd_req_len), .m_rd_tag(m_rd_req_tag),
        .s_cpl_valid(s_cpl_valid), .s_cpl_ready(s_cpl_ready), .s_cpl_tag(s_cpl_tag),
        .s_cpl_data(s_cpl_data), .s_cpl_last(s_cpl_last), .s_cpl_err(s_cpl_err),
        .m_qc_valid(qc_valid), .m_qc_ready(qc_ready), .m_qc_tag(qc_tag), .m_qc_data(qc_data),
        .m_qc_last(qc_last), .m_qc_err(qc_err),
        .m_tc_valid(hc_valid), .m_tc_tag(hc_tag), .m_tc_data(hc_data), .m_tc_last(hc_last),
        .m_tc_err(hc_err),
        .m_wc_valid(wc_valid), .m_wc_ready(wc_ready), .m_wc_tag(wc_tag), .m_wc_data(wc_data)
    );

    // ================================================================ transmit: framers, network
    nic_top_tx #(.N_VN(N_VN)) u_tx (
        .clk(clk), .rst(rst),
        .cfg_src_mac(cfg_src_mac), .cfg_dst_mac_base(cfg_dst_mac_base), .cfg_src_ip(cfg_src_ip),
        .cfg_dst_ip_base(cfg_dst_ip_base), .cfg_src_nid(cfg_nid), .cfg_tos(cfg_tos),
        .cfg_ttl(cfg_ttl), .cfg_pmtu_log2(cfg_pmtu_log2),
        .s_fld_valid(dc_valid && dc_ready), .s_fld_vn(dc_vn), .s_fld_target_addr(fld_ta),
        .s_fld_dest_qp(fld_qp), .s_fld_eq_handle(fld_eqh), .fld_ready(fld_ready),
        .s_hdr_valid(th_valid), .s_hdr_ready(th_ready), .s_hdr_dest_nid(th_nid), .s_hdr_len(th_len),
        .s_hdr_vn(th_vn), .s_hdr_msg_id(th_id),
        .s_data_valid(td_valid), .s_data_ready(td_ready), .s_data_data(td_data),
        .s_data_bytes(td_bytes), .s_data_vn(td_vn), .s_data_last(td_last), .s_data_err(td_err),
        .m_net_tdata(m_net_tdata), .m_net_tkeep(m_net_tkeep), .m_net_tlast(m_net_tlast),
        .m_net_tvalid(m_net_tvalid), .m_net_tready(m_net_tready),
        .ev_pkt(ev_tx_pkt), .ev_err(ev_tx_err), .ev_ferr(ev_ferr)
    );

    // ================================================================ receive parser
    wire         ph_valid, ph_ready, pd_valid, pd_ready, pd_last;
    wire [7:0]   ph_opcode;
    wire [23:0]  ph_qp;
    wire [3:0]   ph_flags;
    wire [2:0]   ph_vn;
    wire [15:0]  ph_src, ph_id, ph_eqh;
    wire [31:0]  ph_mlen, ph_off;
    wire [63:0]  ph_ta;
    wire [12:0]  ph_plen;
    wire [255:0] pd_data;
    nic_pkt_rx u_prx (
        .clk(clk), .rst(rst),
        .s_axis_tdata(s_net_tdata), .s_axis_tkeep(s_net_tkeep), .s_axis_tlast(s_net_tlast),
        .s_axis_tvalid(s_net_tvalid), .s_axis_tready(s_net_tready),
        .m_hdr_valid(ph_valid), .m_hdr_ready(ph_ready), .m_hdr_opcode(ph_opcode), .m_hdr_psn(),
        .m_hdr_dest_qp(ph_qp), .m_hdr_ack_req(), .m_hdr_dst_mac(), .m_hdr_src_mac(),
        .m_hdr_src_ip(), .m_hdr_dst_ip(), .m_hdr_udp_sport(), .m_hdr_flags(ph_flags),
        .m_hdr_vn(ph_vn), .m_hdr_src_nid(ph_src), .m_hdr_dst_nid(), .m_hdr_handle(),
        .m_hdr_epoch(), .m_hdr_msg_len(ph_mlen), .m_hdr_offset(ph_off),
        .m_hdr_target_addr(ph_ta), .m_hdr_msg_id(ph_id), .m_hdr_eq_handle(ph_eqh),
        .m_hdr_pay_len(ph_plen),
        .m_data_tdata(pd_data), .m_data_tkeep(), .m_data_tlast(pd_last), .m_data_tvalid(pd_valid),
        .m_data_tready(pd_ready),
        .s_axil_awaddr(c_awaddr[48 +: 12]), .s_axil_awvalid(c_awvalid[4]), .s_axil_awready(c_awready[4]),
        .s_axil_wdata(c_wdata[128 +: 32]), .s_axil_wstrb(c_wstrb[16 +: 4]), .s_axil_wvalid(c_wvalid[4]),
        .s_axil_wready(c_wready[4]), .s_axil_bresp(c_bresp[8 +: 2]), .s_axil_bvalid(c_bvalid[4]),
        .s_axil_bready(c_bready[4]), .s_axil_araddr(c_araddr[48 +: 12]), .s_axil_arvalid(c_arvalid[4]),
        .s_axil_arready(c_arready[4]), .s_axil_rdata(c_rdata[128 +: 32]), .s_axil_rresp(c_rresp[8 +: 2]),
        .s_axil_rvalid(c_rvalid[4]), .s_axil_rready(c_rready[4])
    );

    wire         rh_valid, rh_ready, rh_first, rh_last, rdd_valid, rdd_ready, rdd_last;
    wire [1:0]   rh_vn;
    wire [23:0]  rh_pid;
    wire [63:0]  rh_ta;
    wire [20:0]  rh_mlen, rh_off;
    wire [12:0]  rh_plen;
    wire [15:0]  rh_src, rh_id, rh_eqh;
    wire [255:0] rdd_data;
    nic_top_rx u_rxj (
        .clk(clk), .rst(rst),
        .s_hdr_valid(ph_valid), .s_hdr_ready(ph_ready), .s_hdr_opcode(ph_opcode),
        .s_hdr_dest_qp(ph_qp), .s_hdr_flags(ph_flags), .s_hdr_vn(ph_vn), .s_hdr_src_nid(ph_src),
        .s_hdr_msg_len(ph_mlen), .s_hdr_offset(ph_off), .s_hdr_target_addr(ph_ta),
        .s_hdr_msg_id(ph_id), .s_hdr_eq_handle(ph_eqh), .s_hdr_pay_len(ph_plen),
        .s_data_tdata(pd_data), .s_data_tlast(pd_last), .s_data_tvalid(pd_valid),
        .s_data_tready(pd_ready),
        .m_hdr_valid(rh_valid), .m_hdr_ready(rh_ready), .m_hdr_vn(rh_vn), .m_hdr_pid(rh_pid),
        .m_hdr_target_addr(rh_ta), .m_hdr_msg_len(rh_mlen), .m_hdr_offset(rh_off),
        .m_hdr_pay_len(rh_plen), .m_hdr_first(rh_first), .m_hdr_last(rh_last),
        .m_hdr_src_nid(rh_src), .m_hdr_msg_id(rh_id), .m_hdr_eq_handle(rh_eqh),
        .m_data_valid(rdd_valid), .m_data_ready(rdd_ready), .m_data_data(rdd_data),
        .m_data_last(rdd_last), .ev_ack(ev_rx_ack), .ev_ref(ev_rx_ref)
    );

    // ================================================================ RX DMA
    wire         rw_valid, rw_ready, rw_last;
    wire [63:0]  rw_addr;
    wire [12:0]  rw_len;
    wire [255:0] rw_data;
    wire [23:0]  rw_pid;
    wire         ev_valid, ev_ready;
    wire [15:0]  ev_eqh, ev_src, ev_id;
    wire [20:0]  ev_len;
    wire [1:0]   ev_vn, ev_status;
    wire [23:0]  ev_pid;
    nic_rxdma #(.N_VN(N_VN), .VN_W(2), .LINES(RX_LINES), .LA_W(RX_LA)) u_rxdma (
        .clk(clk), .rst(rst),
        .s_hdr_valid(rh_valid), .s_hdr_ready(rh_ready), .s_hdr_vn(rh_vn), .s_hdr_pid(rh_pid),
        .s_hdr_target_addr(rh_ta), .s_hdr_msg_len(rh_mlen), .s_hdr_offset(rh_off),
        .s_hdr_pay_len(rh_plen), .s_hdr_first(rh_first), .s_hdr_last(rh_last),
        .s_hdr_src_nid(rh_src), .s_hdr_msg_id(rh_id), .s_hdr_eq_handle(rh_eqh),
        .s_data_valid(rdd_valid), .s_data_ready(rdd_ready), .s_data_data(rdd_data),
        .s_data_last(rdd_last),
        .m_dma_wr_valid(rw_valid), .m_dma_wr_ready(rw_ready), .m_dma_wr_addr(rw_addr),
        .m_dma_wr_len(rw_len), .m_dma_wr_data(rw_data), .m_dma_wr_last(rw_last),
        .m_dma_wr_pid(rw_pid),
        .m_evt_valid(ev_valid), .m_evt_ready(ev_ready), .m_evt_eq_handle(ev_eqh),
        .m_evt_src_nid(ev_src), .m_evt_msg_id(ev_id), .m_evt_msg_len(ev_len), .m_evt_vn(ev_vn),
        .m_evt_pid(ev_pid), .m_evt_status(ev_status),
        .m_credit_valid(m_credit_valid), .m_credit_vc(m_credit_vc), .m_credit_n(m_credit_n),
        .s_axil_awaddr(c_awaddr[36 +: 12]), .s_axil_awvalid(c_awvalid[3]), .s_axil_awready(c_awready[3]),
        .s_axil_wdata(c_wdata[96 +: 32]), .s_axil_wstrb(c_wstrb[12 +: 4]), .s_axil_wvalid(c_wvalid[3]),
        .s_axil_wready(c_wready[3]), .s_axil_bresp(c_bresp[6 +: 2]), .s_axil_bvalid(c_bvalid[3]),
        .s_axil_bready(c_bready[3]), .s_axil_araddr(c_araddr[36 +: 12]), .s_axil_arvalid(c_arvalid[3]),
        .s_axil_arready(c_arready[3]), .s_axil_rdata(c_rdata[96 +: 32]), .s_axil_rresp(c_rresp[6 +: 2]),
        .s_axil_rvalid(c_rvalid[3]), .s_axil_rready(c_rready[3])
    );

    wire         dw_valid, dw_ready, dw_last;
    wire [63:0]  dw_addr;
    wire [12:0]  dw_len;
    wire [255:0] dw_data;
    wire [15:0]  wr_in, wr_out;
    nic_top_wr u_wr (
        .clk(clk), .rst(rst),
        .s_wr_valid(rw_valid), .s_wr_ready(rw_ready), .s_wr_addr(rw_addr), .s_wr_len(rw_len),
        .s_wr_data(rw_data), .s_wr_last(rw_last), .s_wr_pid(rw_pid),
        .m_xq_valid(xw_valid), .m_xq_ready(xw_ready), .m_xq_pid(xw_pid), .m_xq_va(xw_va),
        .s_xr_valid(xr_valid && xr_id[7]), .s_xr_ready(xr_w_ready), .s_xr_pa(xr_pa),
        .s_xr_fault(xr_fault), .s_xr_gen(xr_gen),
        .m_wr_valid(dw_valid), .m_wr_ready(dw_ready), .m_wr_addr(dw_addr), .m_wr_len(dw_len),
        .m_wr_data(dw_data), .m_wr_last(dw_last),
        .wr_in(wr_in), .wr_out(wr_out), .busy(busy_w), .ev_fault(ev_rx_fault)
    );

    // ================================================================ events
    wire             em_valid, em_ready, er_valid, er_ready, ep_valid, ep_ready;
    wire [EQW-1:0]   em_eq, er_eq, ep_eq;
    wire [KW-1:0]    em_kmax, er_kmax, ep_kres, ep_n;
    wire [7:0]       em_pt, er_pt;
    wire [1:0]       er_code;
    wire [223:0]     ep_data;
    nic_top_evt #(.NE(NE), .EQW(EQW), .KW(KW), .PT_W(8)) u_evt (
        .clk(clk), .rst(rst),
        .s_evt_valid(ev_valid), .s_evt_ready(ev_ready), .s_evt_eq_handle(ev_eqh),
        .s_evt_src_nid(ev_src), .s_evt_msg_id(ev_id), .s_evt_msg_len(ev_len), .s_evt_vn(ev_vn),
        .s_evt_pid(ev_pid), .s_evt_status(ev_status), .wr_in(wr_in), .wr_out(wr_out),
        .m_msg_valid(em_valid), .m_msg_ready(em_ready), .m_msg_eq(em_eq), .m_msg_kmax(em_kmax),
        .m_msg_pt(em_pt), .s_res_valid(er_valid), .s_res_ready(er_ready), .s_res_code(er_code),
        .m_post_valid(ep_valid), .m_post_ready(ep_ready), .m_post_eq(ep_eq), .m_post_kres(ep_kres),
        .m_post_n(ep_n), .m_post_data(ep_data),
        .ev_post(ev_post), .ev_fc(ev_fc), .ev_dis(ev_dis), .ev_bad(ev_bad)
    );

    wire         ewr_valid, ewr_ready, ewr_last;
    wire [63:0]  ewr_addr;
    wire [12:0]  ewr_len;
    wire [255:0] ewr_data;
    nic_eq #(.NE(NE), .LOG2MAX(LOG2MAX), .KMAX(KMAX), .PT_W(8)) u_eq (
        .clk(clk), .rst(rst),
        .s_msg_valid(em_valid), .s_msg_ready(em_ready), .s_msg_eq(em_eq), .s_msg_kmax(em_kmax),
        .s_msg_pt(em_pt),
        .m_res_valid(er_valid), .m_res_ready(er_ready), .m_res_eq(er_eq), .m_res_kmax(er_kmax),
        .m_res_pt(er_pt), .m_res_code(er_code),
        .s_post_valid(ep_valid), .s_post_ready(ep_ready), .s_post_eq(ep_eq), .s_post_kres(ep_kres),
        .s_post_n(ep_n), .s_post_data(ep_data),
        .m_dma_wr_valid(ewr_valid), .m_dma_wr_ready(ewr_ready), .m_dma_wr_addr(ewr_addr),
        .m_dma_wr_len(ewr_len), .m_dma_wr_data(ewr_data), .m_dma_wr_last(ewr_last),
        .s_axil_awaddr(c_awaddr[72 +: 12]), .s_axil_awvalid(c_awvalid[6]), .s_axil_awready(c_awready[6]),
        .s_axil_wdata(c_wdata[192 +: 32]), .s_axil_wstrb(c_wstrb[24 +: 4]), .s_axil_wvalid(c_wvalid[6]),
        .s_axil_wready(c_wready[6]), .s_axil_bresp(c_bresp[12 +: 2]), .s_axil_bvalid(c_bvalid[6]),
        .s_axil_bready(c_bready[6]), .s_axil_araddr(c_araddr[72 +: 12]), .s_axil_arvalid(c_arvalid[6]),
        .s_axil_arready(c_arready[6]), .s_axil_rdata(c_rdata[192 +: 32]), .s_axil_rresp(c_rresp[12 +: 2]),
        .s_axil_rvalid(c_rvalid[6]), .s_axil_rready(c_rready[6])
    );

    // ================================================================ host writes
    // writer 0: RX data, 1: events, 2: consumer indices
    nic_top_hwr #(.N(3)) u_hwr (
        .clk(clk), .rst(rst),
        .s_valid({qwr_valid, ewr_valid, dw_valid}), .s_ready({qwr_ready, ewr_ready, dw_ready}),
        .s_addr({qwr_addr, ewr_addr, dw_addr}), .s_len({qwr_len, ewr_len, dw_len}),
        .s_data({qwr_data, ewr_data, dw_data}), .s_last({qwr_last, ewr_last, dw_last}),
        .m_valid(m_wr_valid), .m_ready(m_wr_ready), .m_addr(m_wr_addr), .m_len(m_wr_len),
        .m_data(m_wr_data), .m_last(m_wr_last)
    );
endmodule
`default_nettype wire
