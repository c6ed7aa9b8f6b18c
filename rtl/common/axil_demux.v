`default_nettype none
`timescale 1ns / 1ps
// axil_demux: one AXI4-Lite slave port -> N master ports, one 2^WIN_W-byte window each.
//
// Source: docs/nic.md 6 ("one AXI4-Lite window, 4 KiB per block"). Own code.
//
// Ports: clk, rst (synchronous, active high).
//   s_axil_*            AXI4-Lite slave, ADDR_W-bit byte address, 32-bit data.
//   m_axil_*            N AXI4-Lite masters, flat vectors (port k in bits [k*W +: W]); their
//                       address is the low WIN_W bits of the slave address.
// Decode: port k = addr[ADDR_W-1:WIN_W] (k < N); an address with k >= N is answered here with
//   SLVERR (read data 0) and reaches no port.
// Protocol: one write and one read outstanding (independent). AW and W are taken into registers
//   (in any order), then offered to the selected port together; its B is registered back. AR is
//   registered, offered, and its R registered back. Every output is a register.
// Latency: write: AW/W accept -> port AW/W valid 1 cycle; port B -> s_axil_bvalid 1 cycle.
//   Read: AR accept -> port AR valid 1 cycle; port R -> s_axil_rvalid 1 cycle.
// Throughput: one write per 4 cycles and one read per 4 cycles at best (CSR traffic).
// Errors: none beyond the SLVERR of an unmapped window.
module axil_demux #(
    parameter N      = 8,
    parameter ADDR_W = 16,
    parameter WIN_W  = 12
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire [ADDR_W-1:0]    s_axil_awaddr,
    input  wire                 s_axil_awvalid,
    output wire                 s_axil_awready,
    input  wire [31:0]          s_axil_wdata,
    input  wire [3:0]           s_axil_wstrb,
    input  wire                 s_axil_wvalid,
    output wire                 s_axil_wready,
    output wire [1:0]           s_axil_bresp,
    output wire                 s_axil_bvalid,
    input  wire                 s_axil_bready,
    input  wire [ADDR_W-1:0]    s_axil_araddr,
    input  wire                 s_axil_arvalid,
    output wire                 s_axil_arready,
    output wire [31:0]          s_axil_rdata,
    output wire [1:0]           s_axil_rresp,
    output wire                 s_axil_rvalid,
    input  wire                 s_axil_rready,
    output wire [N*WIN_W-1:0]   m_axil_awaddr,
    output wire [N-1:0]         m_axil_awvalid,
    input  wire [N-1:0]         m_axil_awready,
    output wire [N*32-1:0]      m_axil_wdata,
    output wire [N*4-1:0]       m_axil_wstrb,
    output wire [N-1:0]         m_axil_wvalid,
    input  wire [N-1:0]         m_axil_wready,
    input  wire [N*2-1:0]       m_axil_bresp,
    input  wire [N-1:0]         m_axil_bvalid,
    output wire [N-1:0]         m_axil_bready,
    output wire [N*WIN_W-1:0]   m_axil_araddr,
    output wire [N-1:0]         m_axil_arvalid,
    input  wire [N-1:0]         m_axil_arready,
    input  wire [N*32-1:0]      m_axil_rdata,
    input  wire [N*2-1:0]       m_axil_rresp,
    input  wire [N-1:0]         m_axil_rvalid,
    output wire [N-1:0]         m_axil_rready
);
    localparam SW = ADDR_W - WIN_W;

    initial begin
        if (N < 1 || N > (1 << SW) || WIN_W < 2) begin
            $error("%m: bad parameters");
            $finish;
        end
    end

    // ---------------------------------------------------------------- write
    reg              aw_v_reg, w_v_reg, wfwd_reg, awsent_reg, wsent_reg, b_v_reg, wbad_reg;
    reg [ADDR_W-1:0] aw_reg;
    reg [31:0]       wd_reg;
    reg [3:0]        ws_reg;
    reg [1:0]        bresp_reg;
    localparam IW = N > 1 ? $clog2(N) : 1;
    wire [SW-1:0]    wsel_full = aw_reg[ADDR_W-1:WIN_W];
    wire [IW-1:0]    wsel = wsel_full[IW-1:0];

    assign s_axil_awready = !aw_v_reg;
    assign s_axil_wready  = !w_v_reg;
    assign s_axil_bvalid  = b_v_reg;
    assign s_axil_bresp   = bresp_reg;

    always @(posedge clk) begin
        if (rst) begin
            aw_v_reg <= 1'b0; w_v_reg <= 1'b0; wfwd_reg <= 1'b0; awsent_reg <= 1'b0;
            wsent_reg <= 1'b0; b_v_reg <= 1'b0; wbad_reg <= 1'b0;
        end else begin
            if (s_axil_awvalid && !aw_v_reg) begin
                aw_v_reg <= 1'b1;
                aw_reg   <= s_axil_awaddr;
            end
            if (s_axil_wvalid && !w_v_reg) begin
                w_v_reg <= 1'b1;
                wd_reg  <= s_axil_wdata;
                ws_reg  <= s_axil_wstrb;
            end
            // both held: forward (or answer SLVERR for an unmapped window)
            if (aw_v_reg && w_v_reg && !wfwd_reg && !b_v_reg) begin
                wfwd_reg   <= 1'b1;
                wbad_reg   <= {{(32-SW){1'b0}}, wsel_full} >= N;
                awsent_reg <= 1'b0;
                wsent_reg  <= 1'b0;
            end
            if (wfwd_reg && !wbad_reg) begin
                if (m_axil_awready[wsel]) awsent_reg <= 1'b1;
                if (m_axil_wready[wsel])  wsent_reg  <= 1'b1;
                if (m_axil_bvalid[wsel] && !b_v_reg) begin
                    b_v_reg   <= 1'b1;
                    bresp_reg <= m_axil_bresp[2*wsel +: 2];
                    wfwd_reg  <= 1'b0;
                end
            end
            if (wfwd_reg && wbad_reg && !b_v_reg) begin
                b_v_reg   <= 1'b1;
                bresp_reg <= 2'b10;
                wfwd_reg  <= 1'b0;
            end
            if (b_v_reg && s_axil_bready) begin
                b_v_reg  <= 1'b0;
                aw_v_reg <= 1'b0;
                w_v_reg  <= 1'b0;
            end
        end
    end

    // ---------------------------------------------------------------- read
    reg              ar_v_reg, arsent_reg, r_v_reg, rbad_reg;
    reg [WIN_W+IW-1:0] ar_reg;             // the window bits and the port index
    reg [31:0]       rd_reg;
    reg [1:0]        rresp_reg;
    wire [IW-1:0]    rsel = ar_reg[WIN_W +: IW];

    assign s_axil_arready = !ar_v_reg;
    assign s_axil_rvalid  = r_v_reg;
    assign s_axil_rdata   = rd_reg;
    assign s_axil_rresp   = rresp_reg;

    always @(posedge clk) begin
        if (rst) begin
            ar_v_reg <= 1'b0; arsent_reg <= 1'b0; r_v_reg <= 1'b0; rbad_reg <= 1'b0;
        end else begin
            if (s_axil_arvalid && !ar_v_reg) begin
                ar_v_reg   <= 1'b1;
                ar_reg     <= s_axil_araddr[WIN_W+IW-1:0];
                arsent_reg <= 1'b0;
                rbad_reg   <= {{(32-SW){1'b0}}, s_axil_araddr[ADDR_W-1:WIN_W]} >= N;
            end
            if (ar_v_reg && !r_v_reg) begin
                if (rbad_reg) begin
                    r_v_reg   <= 1'b1;
                    rd_reg    <= 32'd0;
                    rresp_reg <= 2'b10;
                end else begin
                    if (m_axil_arready[rsel]) arsent_reg <= 1'b1;
                    if (m_axil_rvalid[rsel]) begin
                        r_v_reg   <= 1'b1;
                        rd_reg    <= m_axil_rdata[32*rsel +: 32];
                        rresp_reg <= m_axil_rresp[2*rsel +: 2];
                    end
                end
            end
            if (r_v_reg && s_axil_rready) begin
                r_v_reg  <= 1'b0;
                ar_v_reg <= 1'b0;
            end
        end
    end

    // ---------------------------------------------------------------- ports
    genvar k;
    generate
        for (k = 0; k < N; k = k + 1) begin : g_port
            wire wk = wfwd_reg && !wbad_reg && wsel == k;
            wire rk = ar_v_reg && !rbad_reg && !r_v_reg && rsel == k;
            assign m_axil_awaddr[k*WIN_W +: WIN_W] = aw_reg[WIN_W-1:0];
            assign m_axil_awvalid[k] = wk && !awsent_reg;
            assign m_axil_wdata[k*32 +: 32] = wd_reg;
            assign m_axil_wstrb[k*4 +: 4]   = ws_reg;
            assign m_axil_wvalid[k]  = wk && !wsent_reg;
            assign m_axil_bready[k]  = wk && !b_v_reg;
            assign m_axil_araddr[k*WIN_W +: WIN_W] = ar_reg[WIN_W-1:0];
            assign m_axil_arvalid[k] = rk && !arsent_reg;
            assign m_axil_rready[k]  = rk;
        end
    endgenerate
endmodule
`default_nettype wire
