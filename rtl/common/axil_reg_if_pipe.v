`resetall
`default_nettype none
// axil_reg_if_pipe: AXI4-Lite slave -> simple register bus, with registered writes and a
// pipelined read decode (for blocks whose CSR decode must not share a cycle with the AXI inputs).
// rtl/common/axil_reg_if.v is the combinational slave (REG_WR 0, RD_LATENCY 0 here); it is kept
// as its own file, unchanged, because its users' gated timing lines (barrier_fanout) moved from
// 139.7 to 117.6 MHz when the two shapes shared one module (a different netlist after Yosys).
//
// Shapes: ADDR_WIDTH-bit byte address, 32-bit data. One outstanding write and one outstanding
// read. Reads have no side effects.
// Parameters:
//   REG_WR (0/1). 0: a write is accepted when AW and W are both valid (same cycle) and no B
//     response is pending; reg_wr_en pulses in that cycle with the AXI address/data, and the B
//     response (OKAY, or SLVERR when reg_wr_err was high in that cycle) follows in the next cycle.
//     1: the accepted write is registered and applied in the next cycle (reg_wr_en and
//     reg_wr_addr/data/strb come from flip-flops, so no AXI input reaches the owner's write
//     logic); B follows one cycle after the apply. AW/W are accepted only while no write is
//     registered and no B is pending: one write per 3 cycles at best (2 with REG_WR 0).
//   RD_LATENCY (0..8). 0: a read is accepted when no R response is pending; reg_rd_addr is the
//     AXI address, looked up combinationally by the owner (reg_rd_data, reg_rd_err) in the accept
//     cycle and returned registered in the next cycle. L >= 1: the accepted address is
//     registered (reg_rd_addr, held until R is taken); reg_rd_stage[i] is high in cycle A+1+i
//     (A = accept cycle), so the owner can pipeline its decode (RAM reads, wide muxes) over L
//     cycles; reg_rd_data / reg_rd_err are sampled in the cycle of reg_rd_stage[L-1] and R is
//     valid from the next cycle (A+L+1) until rready. No AR is accepted while a read is in
//     flight.
// Source: ARCHITECTURE.md "Interfaces and naming" (one AXI4-Lite slave per block); issue 10
// part 4 (registered CSR paths for 125 MHz).
module axil_reg_if_pipe #(
    parameter ADDR_WIDTH = 16,
    parameter REG_WR     = 0,
    parameter RD_LATENCY = 0
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire [ADDR_WIDTH-1:0] s_axil_awaddr,
    input  wire                  s_axil_awvalid,
    output wire                  s_axil_awready,
    input  wire [31:0]           s_axil_wdata,
    input  wire [3:0]            s_axil_wstrb,
    input  wire                  s_axil_wvalid,
    output wire                  s_axil_wready,
    output wire [1:0]            s_axil_bresp,
    output wire                  s_axil_bvalid,
    input  wire                  s_axil_bready,
    input  wire [ADDR_WIDTH-1:0] s_axil_araddr,
    input  wire                  s_axil_arvalid,
    output wire                  s_axil_arready,
    output wire [31:0]           s_axil_rdata,
    output wire [1:0]            s_axil_rresp,
    output wire                  s_axil_rvalid,
    input  wire                  s_axil_rready,
    // register bus
    output wire                  reg_wr_en,
    output wire [ADDR_WIDTH-1:0] reg_wr_addr,
    output wire [31:0]           reg_wr_data,
    output wire [3:0]            reg_wr_strb,
    input  wire                  reg_wr_err,
    output wire [ADDR_WIDTH-1:0] reg_rd_addr,
    output wire [RS-1:0]         reg_rd_stage,
    input  wire [31:0]           reg_rd_data,
    input  wire                  reg_rd_err
);
    localparam RS = (RD_LATENCY > 0) ? RD_LATENCY : 1;

    initial begin
        if (REG_WR != 0 && REG_WR != 1) begin
            $error("%m: REG_WR must be 0 or 1"); $finish;
        end
        if (RD_LATENCY < 0 || RD_LATENCY > 8) begin
            $error("%m: RD_LATENCY must be 0..8"); $finish;
        end
    end

    reg        bvalid_reg;
    reg [1:0]  bresp_reg;
    reg        rvalid_reg;
    reg [1:0]  rresp_reg;
    reg [31:0] rdata_reg;

    // ---------------------------------------------------------------- writes
    reg                  wq_v_reg;          // REG_WR: a write is registered (applied this cycle)
    reg [ADDR_WIDTH-1:0] wq_addr_reg;
    reg [31:0]           wq_data_reg;
    reg [3:0]            wq_strb_reg;
    wire wr_fire = s_axil_awvalid && s_axil_wvalid && !bvalid_reg && !(REG_WR != 0 && wq_v_reg);
    wire wr_done = (REG_WR != 0) ? wq_v_reg : wr_fire;   // the owner applies the write now
    assign s_axil_awready = wr_fire;
    assign s_axil_wready  = wr_fire;
    assign s_axil_bvalid  = bvalid_reg;
    assign s_axil_bresp   = bresp_reg;
    assign reg_wr_en   = wr_done;
    assign reg_wr_addr = (REG_WR != 0) ? wq_addr_reg : s_axil_awaddr;
    assign reg_wr_data = (REG_WR != 0) ? wq_data_reg : s_axil_wdata;
    assign reg_wr_strb = (REG_WR != 0) ? wq_strb_reg : s_axil_wstrb;

    // ---------------------------------------------------------------- reads
    reg                  rd_busy_reg;       // RD_LATENCY > 0: a read is in flight
    reg [ADDR_WIDTH-1:0] rd_addr_reg;
    reg [RS-1:0]         rd_stage_reg;
    wire rd_fire   = s_axil_arvalid && s_axil_arready;
    wire rd_sample = (RD_LATENCY > 0) ? rd_stage_reg[RS-1] : rd_fire;
    assign s_axil_arready = (RD_LATENCY > 0) ? !rd_busy_reg : !rvalid_reg;
    assign s_axil_rvalid  = rvalid_reg;
    assign s_axil_rresp   = rresp_reg;
    assign s_axil_rdata   = rdata_reg;
    assign reg_rd_addr    = (RD_LATENCY > 0) ? rd_addr_reg : s_axil_araddr;
    assign reg_rd_stage   = rd_stage_reg;
    reg [RS-1:0] rd_stage_next;             // the one-hot stage moves by one each cycle
    integer si;
    always @* begin
        rd_stage_next[0] = rd_fire;
        for (si = 1; si < RS; si = si + 1)
            rd_stage_next[si] = rd_stage_reg[si-1];
    end

    always @(posedge clk) begin
        if (rst) begin
            bvalid_reg   <= 1'b0;
            bresp_reg    <= 2'b00;
            rvalid_reg   <= 1'b0;
            rresp_reg    <= 2'b00;
            rdata_reg    <= 32'd0;
            wq_v_reg     <= 1'b0;
            rd_busy_reg  <= 1'b0;
            rd_stage_reg <= {RS{1'b0}};
        end else begin
            if (REG_WR != 0)
                wq_v_reg <= wr_fire;
            if (wr_done) begin
                bvalid_reg <= 1'b1;
                bresp_reg  <= reg_wr_err ? 2'b10 : 2'b00;
            end else if (s_axil_bready) begin
                bvalid_reg <= 1'b0;
            end
            if (RD_LATENCY > 0) begin
                rd_stage_reg <= rd_stage_next;
                if (rd_fire)
                    rd_busy_reg <= 1'b1;
                else if (rvalid_reg && s_axil_rready)
                    rd_busy_reg <= 1'b0;
            end
            if (rd_sample) begin
                rvalid_reg <= 1'b1;
                rresp_reg  <= reg_rd_err ? 2'b10 : 2'b00;
                rdata_reg  <= reg_rd_data;
            end else if (s_axil_rready) begin
                rvalid_reg <= 1'b0;
            end
        end
    end
    // write and read address registers (data path, no reset)
    always @(posedge clk) begin
        if (wr_fire) begin
            wq_addr_reg <= s_axil_awaddr;
            wq_data_reg <= s_axil_wdata;
            wq_strb_reg <= s_axil_wstrb;
        end
        if (rd_fire)
            rd_addr_reg <= s_axil_araddr;
    end
endmodule
`resetall
