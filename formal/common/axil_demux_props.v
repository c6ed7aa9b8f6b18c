`resetall
`default_nettype none
// axil_demux_props: formal wrapper of rtl/common/axil_demux.v (docs/common.md; the NIC's CSR
// windows, docs/nic.md 6). The RTL file has no formal block (gated timing lines read rtl/common),
// so the properties live here; internal registers are read through hierconn wires.
//
// Parameters: N 3, ADDR_W 4, WIN_W 2 (windows 0..2 mapped to ports, window 3 unmapped).
// Environment (assumed):
//   rst high in the first cycle, free afterwards.
//   Slave side (an AXI4-Lite master): AWVALID / WVALID / ARVALID held with their payload until
//   READY; BREADY / RREADY free.
//   Each port k (an AXI4-Lite slave): AWREADY / WREADY / ARREADY free; BVALID only after both its
//   AW and its W handshake of the write and before that write's B handshake; RVALID only after
//   its AR handshake and before its R handshake; BVALID / RVALID held with BRESP / RDATA, RRESP
//   until the handshake.
// Ghosts, from handshakes only: f_awok / f_wok (AW / W accepted on the slave side, until its B
//   handshake) with f_aw / f_wd / f_ws; per write f_paw / f_pw (AW / W delivered to the port),
//   f_pb (its B taken from the port) with f_bresp; f_arok with f_ar, f_par (AR delivered), f_pr
//   (R taken) with f_rd / f_rr. f_win / f_rwin: the window of the write / read.
// Properties (k-induction):
//   W1 awready / wready exactly while no AW / W is held (one write outstanding);
//   W2 a port's AWVALID / WVALID only for the held write, only on the port of its window
//      (never for an unmapped window), with the held address bits / data / strobes, and only
//      before that port's handshake (each delivered exactly once);
//   W3 BVALID only for a held write: SLVERR for an unmapped window, else after the port's B
//      (f_pb) with the port's BRESP; held with BRESP until BREADY;
//   R1-R3 the same for reads (RDATA 0 and SLVERR for an unmapped window);
//   M  towards the ports: AWVALID / WVALID / ARVALID held with their payload until READY.
// Covers: a mapped write and read answered OKAY, an unmapped write and read answered SLVERR, a
//   write and a read in flight together.
module axil_demux_props #(
    parameter N      = 3,
    parameter ADDR_W = 4,
    parameter WIN_W  = 2
) (
    input wire clk
);
    localparam SW = ADDR_W - WIN_W;

    (* anyseq *) reg              rst;
    (* anyseq *) reg [ADDR_W-1:0] s_axil_awaddr;
    (* anyseq *) reg              s_axil_awvalid;
    (* anyseq *) reg [31:0]       s_axil_wdata;
    (* anyseq *) reg [3:0]        s_axil_wstrb;
    (* anyseq *) reg              s_axil_wvalid;
    (* anyseq *) reg              s_axil_bready;
    (* anyseq *) reg [ADDR_W-1:0] s_axil_araddr;
    (* anyseq *) reg              s_axil_arvalid;
    (* anyseq *) reg              s_axil_rready;
    (* anyseq *) reg [N-1:0]      m_axil_awready;
    (* anyseq *) reg [N-1:0]      m_axil_wready;
    (* anyseq *) reg [N*2-1:0]    m_axil_bresp;
    (* anyseq *) reg [N-1:0]      m_axil_bvalid;
    (* anyseq *) reg [N-1:0]      m_axil_arready;
    (* anyseq *) reg [N*32-1:0]   m_axil_rdata;
    (* anyseq *) reg [N*2-1:0]    m_axil_rresp;
    (* anyseq *) reg [N-1:0]      m_axil_rvalid;

    wire              s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
    wire [1:0]        s_axil_bresp, s_axil_rresp;
    wire [31:0]       s_axil_rdata;
    wire [N*WIN_W-1:0] m_axil_awaddr, m_axil_araddr;
    wire [N*32-1:0]   m_axil_wdata;
    wire [N*4-1:0]    m_axil_wstrb;
    wire [N-1:0]      m_axil_awvalid, m_axil_wvalid, m_axil_bready, m_axil_arvalid, m_axil_rready;

    axil_demux #(.N(N), .ADDR_W(ADDR_W), .WIN_W(WIN_W)) dut (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .m_axil_awaddr(m_axil_awaddr), .m_axil_awvalid(m_axil_awvalid), .m_axil_awready(m_axil_awready),
        .m_axil_wdata(m_axil_wdata), .m_axil_wstrb(m_axil_wstrb), .m_axil_wvalid(m_axil_wvalid),
        .m_axil_wready(m_axil_wready), .m_axil_bresp(m_axil_bresp), .m_axil_bvalid(m_axil_bvalid),
        .m_axil_bready(m_axil_bready), .m_axil_araddr(m_axil_araddr), .m_axil_arvalid(m_axil_arvalid),
        .m_axil_arready(m_axil_arready), .m_axil_rdata(m_axil_rdata), .m_axil_rresp(m_axil_rresp),
        .m_axil_rvalid(m_axil_rvalid), .m_axil_rready(m_axil_rready)
    );

    // internal registers (helper invariants of the induction)
    (* hierconn *) wire              \dut.wfwd_reg ;
    (* hierconn *) wire              \dut.awsent_reg ;
    (* hierconn *) wire              \dut.wsent_reg ;
    (* hierconn *) wire              \dut.wbad_reg ;
    (* hierconn *) wire [ADDR_W-1:0] \dut.aw_reg ;
    (* hierconn *) wire [31:0]       \dut.wd_reg ;
    (* hierconn *) wire [3:0]        \dut.ws_reg ;
    (* hierconn *) wire              \dut.arsent_reg ;
    (* hierconn *) wire              \dut.rbad_reg ;
    localparam IW = N > 1 ? $clog2(N) : 1;
    (* hierconn *) wire [WIN_W+IW-1:0] \dut.ar_reg ;

    reg f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst);

    // ------------------------------------------------------------------ ghosts
    reg              f_awok, f_wok, f_arok, f_pb, f_pr;
    reg [N-1:0]      f_paw, f_pw, f_par;
    reg [ADDR_W-1:0] f_aw, f_ar;
    reg [31:0]       f_wd, f_rd;
    reg [3:0]        f_ws;
    reg [1:0]        f_bresp, f_rr;
    wire [SW-1:0]    f_win  = f_aw[ADDR_W-1:WIN_W];
    wire [SW-1:0]    f_rwin = f_ar[ADDR_W-1:WIN_W];
    wire             f_wmap = {{(32-SW){1'b0}}, f_win} < N;
    wire             f_rmap = {{(32-SW){1'b0}}, f_rwin} < N;
    wire [N-1:0]     h_paw = m_axil_awvalid & m_axil_awready;
    wire [N-1:0]     h_pw  = m_axil_wvalid & m_axil_wready;
    wire [N-1:0]     h_pb  = m_axil_bvalid & m_axil_bready;
    wire [N-1:0]     h_par = m_axil_arvalid & m_axil_arready;
    wire [N-1:0]     h_pr  = m_axil_rvalid & m_axil_rready;
    integer i;
    always @(posedge clk) begin
        if (rst) begin
            f_awok <= 1'b0; f_wok <= 1'b0; f_arok <= 1'b0; f_pb <= 1'b0; f_pr <= 1'b0;
            f_paw <= {N{1'b0}}; f_pw <= {N{1'b0}}; f_par <= {N{1'b0}};
        end else begin
            if (s_axil_awvalid && s_axil_awready) begin f_awok <= 1'b1; f_aw <= s_axil_awaddr; end
            if (s_axil_wvalid && s_axil_wready) begin f_wok <= 1'b1; f_wd <= s_axil_wdata; f_ws <= s_axil_wstrb; end
            f_paw <= f_paw | h_paw;
            f_pw  <= f_pw | h_pw;
            for (i = 0; i < N; i = i + 1)
                if (h_pb[i]) begin f_pb <= 1'b1; f_bresp <= m_axil_bresp[2*i +: 2]; end
            if (s_axil_bvalid && s_axil_bready) begin
                f_awok <= 1'b0; f_wok <= 1'b0; f_pb <= 1'b0; f_paw <= {N{1'b0}}; f_pw <= {N{1'b0}};
            end
            if (s_axil_arvalid && s_axil_arready) begin f_arok <= 1'b1; f_ar <= s_axil_araddr; end
            f_par <= f_par | h_par;
            for (i = 0; i < N; i = i + 1)
                if (h_pr[i]) begin f_pr <= 1'b1; f_rd <= m_axil_rdata[32*i +: 32]; f_rr <= m_axil_rresp[2*i +: 2]; end
            if (s_axil_rvalid && s_axil_rready) begin
                f_arok <= 1'b0; f_pr <= 1'b0; f_par <= {N{1'b0}};
            end
        end
    end

    // ------------------------------------------------------------------ environment
    always @(posedge clk) if (f_past && !$past(rst)) begin
        if ($past(s_axil_awvalid && !s_axil_awready)) assume(s_axil_awvalid && s_axil_awaddr == $past(s_axil_awaddr));
        if ($past(s_axil_wvalid && !s_axil_wready))
            assume(s_axil_wvalid && s_axil_wdata == $past(s_axil_wdata) && s_axil_wstrb == $past(s_axil_wstrb));
        if ($past(s_axil_arvalid && !s_axil_arready)) assume(s_axil_arvalid && s_axil_araddr == $past(s_axil_araddr));
        for (i = 0; i < N; i = i + 1) begin
            if ($past(m_axil_bvalid[i] && !m_axil_bready[i]))
                assume(m_axil_bvalid[i] && m_axil_bresp[2*i +: 2] == $past(m_axil_bresp[2*i +: 2]));
            if ($past(m_axil_rvalid[i] && !m_axil_rready[i]))
                assume(m_axil_rvalid[i] && m_axil_rdata[32*i +: 32] == $past(m_axil_rdata[32*i +: 32]) &&
                       m_axil_rresp[2*i +: 2] == $past(m_axil_rresp[2*i +: 2]));
        end
    end
    always @(*) for (i = 0; i < N; i = i + 1) begin
        if (m_axil_bvalid[i]) assume(!rst && f_paw[i] && f_pw[i] && !f_pb);
        if (m_axil_rvalid[i]) assume(!rst && f_par[i] && !f_pr);
    end

    // ------------------------------------------------------------------ properties
    always @(*) if (f_past && !rst) begin
        // W1 / R1
        assert(s_axil_awready == !f_awok && s_axil_wready == !f_wok && s_axil_arready == !f_arok);
        for (i = 0; i < N; i = i + 1) begin
            // W2
            if (m_axil_awvalid[i])
                assert(f_awok && f_wok && f_win == i && !f_paw[i] && m_axil_awaddr[i*WIN_W +: WIN_W] == f_aw[WIN_W-1:0]);
            if (m_axil_wvalid[i])
                assert(f_awok && f_wok && f_win == i && !f_pw[i] && m_axil_wdata[32*i +: 32] == f_wd &&
                       m_axil_wstrb[4*i +: 4] == f_ws);
            if (m_axil_bready[i]) assert(f_awok && f_wok && f_win == i && !f_pb);
            if (f_paw[i] || f_pw[i]) assert(f_win == i && f_wmap);
            // R2
            if (m_axil_arvalid[i])
                assert(f_arok && f_rwin == i && !f_par[i] && m_axil_araddr[i*WIN_W +: WIN_W] == f_ar[WIN_W-1:0]);
            if (m_axil_rready[i]) assert(f_arok && f_rwin == i && !f_pr);
            if (f_par[i]) assert(f_rwin == i && f_rmap);
        end
        // W3 / R3
        if (s_axil_bvalid) assert(f_awok && f_wok && (f_wmap ? f_pb && s_axil_bresp == f_bresp : s_axil_bresp == 2'b10));
        if (s_axil_rvalid)
            assert(f_arok && (f_rmap ? f_pr && s_axil_rdata == f_rd && s_axil_rresp == f_rr :
                                       s_axil_rdata == 32'd0 && s_axil_rresp == 2'b10));
        if (f_pb) assert(f_wmap);
        if (f_pr) assert(f_rmap);
        // helpers: the held request in the registers, the forward state against the ghosts
        if (f_awok) assert(\dut.aw_reg == f_aw);
        if (f_wok) assert(\dut.wd_reg == f_wd && \dut.ws_reg == f_ws);
        if (\dut.wfwd_reg ) assert(f_awok && f_wok && !s_axil_bvalid && \dut.wbad_reg == !f_wmap && !f_pb &&
                                  \dut.awsent_reg == |f_paw && \dut.wsent_reg == |f_pw);
        if (!\dut.wfwd_reg ) assert(f_paw == 0 && f_pw == 0 && !f_pb || s_axil_bvalid);
        if (f_arok) assert(\dut.ar_reg == f_ar[WIN_W+IW-1:0]);
        if (f_arok) assert(\dut.rbad_reg == !f_rmap && (s_axil_rvalid || \dut.arsent_reg == |f_par));
        if (!f_arok) assert(!s_axil_rvalid && f_par == 0 && !f_pr);
        if (!f_awok || !f_wok) assert(!s_axil_bvalid && !\dut.wfwd_reg && f_paw == 0 && f_pw == 0 && !f_pb);
        if (f_pr) assert(s_axil_rvalid);
        if (f_pb) assert(s_axil_bvalid);
    end
    always @(posedge clk) if (f_past && !$past(rst) && !rst) begin
        // W3 / R3 hold, M towards the ports
        if ($past(s_axil_bvalid && !s_axil_bready)) assert(s_axil_bvalid && s_axil_bresp == $past(s_axil_bresp));
        if ($past(s_axil_rvalid && !s_axil_rready))
            assert(s_axil_rvalid && s_axil_rdata == $past(s_axil_rdata) && s_axil_rresp == $past(s_axil_rresp));
        for (i = 0; i < N; i = i + 1) begin
            if ($past(m_axil_awvalid[i] && !m_axil_awready[i]))
                assert(m_axil_awvalid[i] && m_axil_awaddr[i*WIN_W +: WIN_W] == $past(m_axil_awaddr[i*WIN_W +: WIN_W]));
            if ($past(m_axil_wvalid[i] && !m_axil_wready[i]))
                assert(m_axil_wvalid[i] && m_axil_wdata[32*i +: 32] == $past(m_axil_wdata[32*i +: 32]));
            if ($past(m_axil_arvalid[i] && !m_axil_arready[i]))
                assert(m_axil_arvalid[i] && m_axil_araddr[i*WIN_W +: WIN_W] == $past(m_axil_araddr[i*WIN_W +: WIN_W]));
        end
    end

    // ------------------------------------------------------------------ covers
    always @(*) if (f_past && !rst) begin
        cover(s_axil_bvalid && s_axil_bready && f_wmap && s_axil_bresp == 2'b00);
        cover(s_axil_bvalid && !f_wmap);
        cover(s_axil_rvalid && f_rmap && s_axil_rresp == 2'b00 && s_axil_rdata != 32'd0);
        cover(s_axil_rvalid && !f_rmap);
        cover(\dut.wfwd_reg && s_axil_rvalid);
    end
endmodule
`default_nettype wire
