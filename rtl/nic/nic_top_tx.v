`default_nettype none
`timescale 1ns / 1ps
// nic_top_tx: transmit side of nic_top: nic_txdma's interleaved per-VN flits -> one nic_pkt_tx
// framer per VN -> a store-and-forward packet FIFO per VN -> the network port, packet by packet.
//
// Source: docs/nic.md 6 (port joins: command fields per VN joined with nic_txdma.m_hdr; bytes ->
// tkeep; err flits counted); docs/nic_txdma.md 2 / 4 (m_hdr one per message when its head flit
// is granted; m_data flits of all VNs interleaved by ROUTER_ARB, seed L46-L57); docs/nic.md 4
// (framer ports and rules); seed 003 L42 (message classes multiplexed on one link).
// Why one framer per VN: the framer cuts one message at a time into packets and nic_txdma
// interleaves the VNs flit by flit, so a single framer would wait for one VN's flits behind
// another's. Each VN's framer writes whole packets into its FIFO (PKT_D beats >= a maximal packet
// of 131 beats, so a full FIFO always holds a whole packet), and the network port takes whole
// packets, round robin between VNs: no VN waits on another, the link is shared per packet.
//
// Ports: clk, rst (synchronous, active high).
//   cfg_*        the framers' configuration (docs/nic.md 4.1), from nic_top's CSRs.
//   s_fld        {vn, target_addr, dest_qp, eq_handle} per accepted command (nic_top_cmd), into
//                the VN's field FIFO (FLD_D deep); fld_ready[v]: room in VN v's FIFO.
//   s_hdr        nic_txdma.m_hdr {dest_nid, len[20:0], vn, msg_id}; per-VN header FIFO (HDR_D).
//   s_data       nic_txdma.m_data {data, bytes[5:0] (1..32), vn, last, err}; per-VN skid buffer.
//   m_net        AXI4-Stream 256-bit packets (docs/nic.md 3), registered.
//   ev_pkt       pulse per packet sent; ev_err: pulse per flit with err (failed host read: the
//                framer still sends it, docs/nic.md 6); ev_ferr[v]: framer v reported err_zero /
//                err_short / err_long (cannot happen with nic_txdma: counted as a check).
// Latency: a flit reaches the network after its packet is complete in the FIFO (store and
//   forward: the packet's length in beats + about 8 cycles). Throughput: one beat per cycle.
module nic_top_tx #(
    parameter N_VN  = 2,
    parameter FLD_D = 8,
    parameter HDR_D = 16,
    parameter PKT_D = 256
) (
    input  wire            clk,
    input  wire            rst,
    input  wire [47:0]     cfg_src_mac,
    input  wire [47:0]     cfg_dst_mac_base,
    input  wire [31:0]     cfg_src_ip,
    input  wire [31:0]     cfg_dst_ip_base,
    input  wire [15:0]     cfg_src_nid,
    input  wire [7:0]      cfg_tos,
    input  wire [7:0]      cfg_ttl,
    input  wire [3:0]      cfg_pmtu_log2,
    input  wire            s_fld_valid,
    input  wire [1:0]      s_fld_vn,
    input  wire [63:0]     s_fld_target_addr,
    input  wire [23:0]     s_fld_dest_qp,
    input  wire [15:0]     s_fld_eq_handle,
    output wire [N_VN-1:0] fld_ready,
    input  wire            s_hdr_valid,
    output wire            s_hdr_ready,
    input  wire [15:0]     s_hdr_dest_nid,
    input  wire [20:0]     s_hdr_len,
    input  wire [1:0]      s_hdr_vn,
    input  wire [15:0]     s_hdr_msg_id,
    input  wire            s_data_valid,
    output wire            s_data_ready,
    input  wire [255:0]    s_data_data,
    input  wire [5:0]      s_data_bytes,
    input  wire [1:0]      s_data_vn,
    input  wire            s_data_last,
    input  wire            s_data_err,
    output wire [255:0]    m_net_tdata,
    output wire [31:0]     m_net_tkeep,
    output wire            m_net_tlast,
    output wire            m_net_tvalid,
    input  wire            m_net_tready,
    output wire            ev_pkt,
    output wire            ev_err,
    output wire [N_VN-1:0] ev_ferr
);
    localparam IW = N_VN > 1 ? $clog2(N_VN) : 1;
    localparam PCW = $clog2(PKT_D + 1);

    initial begin
        if (N_VN < 1 || N_VN > 4 || PKT_D < 256) begin
            $error("%m: bad parameters");
            $finish;
        end
    end

    // bytes (1..32) -> tkeep
    wire [31:0] keep_w = s_data_bytes[5] ? 32'hffff_ffff : ((32'd1 << s_data_bytes[4:0]) - 32'd1);

    wire [N_VN-1:0] hdr_rdy, dat_rdy, pf_valid, pf_last;
    wire [N_VN*289-1:0] pf_data;
    reg  [N_VN-1:0] pf_pop;
    wire [N_VN-1:0] has_pkt;
    assign s_hdr_ready  = hdr_rdy[s_hdr_vn[IW-1:0]];
    assign s_data_ready = dat_rdy[s_data_vn[IW-1:0]];

    genvar v;
    generate
        for (v = 0; v < N_VN; v = v + 1) begin : g_vn
            // command fields, in command order
            wire        f_valid;
            wire [103:0] f_data;
            wire        h_valid;
            wire [52:0] h_data;
            wire        fr_hdr_ready;
            sync_fifo #(.WIDTH(104), .DEPTH(FLD_D)) u_fld (
                .clk(clk), .rst(rst),
                .s_data({s_fld_target_addr, s_fld_dest_qp, s_fld_eq_handle}),
                .s_valid(s_fld_valid && s_fld_vn == v), .s_ready(fld_ready[v]),
                .m_data(f_data), .m_valid(f_valid), .m_ready(f_valid && h_valid && fr_hdr_ready),
                .count()
            );
            sync_fifo #(.WIDTH(53), .DEPTH(HDR_D)) u_hdr (
                .clk(clk), .rst(rst),
                .s_data({s_hdr_dest_nid, s_hdr_len, s_hdr_msg_id}),
                .s_valid(s_hdr_valid && s_hdr_vn == v), .s_ready(hdr_rdy[v]),
                .m_data(h_data), .m_valid(h_valid), .m_ready(f_valid && h_valid && fr_hdr_ready),
                .count()
            );
            // flits of this VN
            wire         d_valid, d_last;
            wire [255:0] d_data;
            wire [31:0]  d_keep;
            wire         fr_dat_ready;
            axis_skid_wide #(.DATA_WIDTH(289), .CTRL_COPIES(4)) u_skid (
                .clk(clk), .rst(rst),
                .s_data({s_data_last, keep_w, s_data_data}),
                .s_valid(s_data_valid && s_data_vn == v), .s_ready(dat_rdy[v]),
                .m_data({d_last, d_keep, d_data}), .m_valid(d_valid), .m_ready(fr_dat_ready)
            );
            // the framer
            wire [255:0] p_data;
            wire [31:0]  p_keep;
            wire         p_valid, p_last, p_ready;
            wire         st_zero, st_short, st_long;
            nic_pkt_tx u_fr (
                .clk(clk), .rst(rst),
                .cfg_src_mac(cfg_src_mac), .cfg_dst_mac_base(cfg_dst_mac_base),
                .cfg_src_ip(cfg_src_ip), .cfg_dst_ip_base(cfg_dst_ip_base),
                .cfg_src_nid(cfg_src_nid), .cfg_tos(cfg_tos), .cfg_ttl(cfg_ttl),
                .cfg_pmtu_log2(cfg_pmtu_log2),
                .s_hdr_valid(f_valid && h_valid), .s_hdr_ready(fr_hdr_ready),
                .s_hdr_msg_len(h_data[36:16]), .s_hdr_vn(v[2:0]), .s_hdr_dst_nid(h_data[52:37]),
                .s_hdr_msg_id(h_data[15:0]), .s_hdr_eq_handle(f_data[15:0]), .s_hdr_handle(16'd0),
                .s_hdr_target_addr(f_data[103:40]), .s_hdr_dest_qp(f_data[39:16]),
                .s_hdr_psn(24'd0), .s_hdr_epoch(32'd0), .s_hdr_reset(1'b0), .s_hdr_half(1'b0),
                .s_data_tdata(d_data), .s_data_tkeep(d_keep), .s_data_tvalid(d_valid),
                .s_data_tready(fr_dat_ready), .s_data_tlast(d_last),
                .m_pkt_tdata(p_data), .m_pkt_tkeep(p_keep), .m_pkt_tvalid(p_valid),
                .m_pkt_tready(p_ready), .m_pkt_tlast(p_last),
                .stat_msg(), .stat_pkt(), .stat_payload(),
                .stat_err_zero(st_zero), .stat_err_short(st_short), .stat_err_long(st_long)
            );
            assign ev_ferr[v] = st_zero || st_short || st_long;
            // whole packets
            sync_fifo #(.WIDTH(289), .DEPTH(PKT_D)) u_pkt (
                .clk(clk), .rst(rst),
                .s_data({p_last, p_keep, p_data}), .s_valid(p_valid), .s_ready(p_ready),
                .m_data(pf_data[v*289 +: 289]), .m_valid(pf_valid[v]), .m_ready(pf_pop[v]),
                .count()
            );
            assign pf_last[v] = pf_data[v*289 + 288];
            reg [PCW-1:0] pc_reg;           // whole packets in the FIFO
            wire inc = p_valid && p_ready && p_last;
            wire dec = pf_pop[v] && pf_last[v];
            always @(posedge clk)
                if (rst) pc_reg <= {PCW{1'b0}};
                else pc_reg <= pc_reg + {{(PCW-1){1'b0}}, inc} - {{(PCW-1){1'b0}}, dec};
            assign has_pkt[v] = pc_reg != {PCW{1'b0}};
        end
    endgenerate

    // ---------------------------------------------------------------- network port
    reg          o_v_reg, o_last_reg, lock_reg, evp_reg, eve_reg;
    reg [255:0]  o_data_reg;
    reg [31:0]   o_keep_reg;
    reg [IW-1:0] sel_reg;
    wire         free = !o_v_reg || m_net_tready;
    reg [IW-1:0] pick;
    reg          any;
    integer i;
    integer j;
    always @(*) begin
        pick = sel_reg;
        any  = 1'b0;
        for (i = N_VN; i >= 1; i = i - 1) begin
            j = ({{(32-IW){1'b0}}, sel_reg} + i) % N_VN;
            if (has_pkt[j] && pf_valid[j]) begin
                pick = j[IW-1:0];
                any  = 1'b1;
            end
        end
    end
    wire [IW-1:0] cur = lock_reg ? sel_reg : pick;
    wire          go  = free && (lock_reg ? pf_valid[sel_reg] : any);
    always @(*) begin
        pf_pop = {N_VN{1'b0}};
        pf_pop[cur] = go;
    end
    always @(posedge clk) begin
        if (rst) begin
            o_v_reg  <= 1'b0;
            lock_reg <= 1'b0;
            sel_reg  <= {IW{1'b0}};
            evp_reg  <= 1'b0;
            eve_reg  <= 1'b0;
        end else begin
            evp_reg <= m_net_tvalid && m_net_tready && m_net_tlast;
            eve_reg <= s_data_valid && s_data_ready && s_data_err;
            if (go) begin
                o_v_reg  <= 1'b1;
                sel_reg  <= cur;
                lock_reg <= !pf_last[cur];
            end else if (m_net_tready) begin
                o_v_reg <= 1'b0;
            end
        end
        if (go) begin
            o_data_reg <= pf_data[cur*289 +: 256];
            o_keep_reg <= pf_data[cur*289 + 256 +: 32];
            o_last_reg <= pf_last[cur];
        end
    end
    assign m_net_tdata  = o_data_reg;
    assign m_net_tkeep  = o_keep_reg;
    assign m_net_tlast  = o_last_reg;
    assign m_net_tvalid = o_v_reg;
    assign ev_pkt       = evp_reg;
    assign ev_err       = eve_reg;
endmodule
`default_nettype wire
