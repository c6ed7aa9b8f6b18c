`resetall
`timescale 1ns / 1ps
`default_nettype none
// axil_reg_if_pipe: AXI4-Lite slave -> simple register bus, with registered writes and a
// pipelined read decode (for blocks whose CSR decode must not share a cycle with the AXI inputs).
// rtl/common/axil_reg_if.v is the combinational slave (write applied in the AW/W cycle, read
// decoded in the AR cycle); it is kept as its own file, unchanged, because its users' gated
// timing lines (barrier_fanout) moved from 139.7 to 117.6 MHz when the two shapes shared one
// module (a different netlist after Yosys).
//
// Shapes: ADDR_WIDTH-bit byte address, 32-bit data. One outstanding write and one outstanding
// read. Reads have no side effects.
// Writes: an AW/W pair (same cycle) is accepted while no write is registered and no B response is
//   pending; it is registered and applied in the next cycle (reg_wr_en and reg_wr_addr/data/strb
//   come from flip-flops, so no AXI input reaches the owner's write logic; reg_wr_addr/data/strb
//   are the write's only while reg_wr_en is high: they follow AW/W in other cycles); B (OKAY, or SLVERR
//   when reg_wr_err was high in the apply cycle) follows one cycle after the apply. One write per
//   3 cycles at best.
// Reads (RD_LATENCY = L, 1..8): the accepted address is registered (reg_rd_addr, held until R is
//   taken); reg_rd_stage[i] is high in cycle A+1+i (A = accept cycle), so the owner can pipeline
//   its decode (RAM reads, wide muxes) over L cycles; reg_rd_data / reg_rd_err are sampled in the
//   cycle of reg_rd_stage[L-1] and R is valid from the next cycle (A+L+1) until rready. No AR is
//   accepted while a read is in flight.
// Source: ARCHITECTURE.md "Interfaces and naming" (one AXI4-Lite slave per block); issue 10
// part 4 (registered CSR paths for 125 MHz).
module axil_reg_if_pipe #(
    parameter ADDR_WIDTH = 16,
    parameter RD_LATENCY = 4
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
    localparam RS = RD_LATENCY;

    initial begin
        if (RD_LATENCY < 1 || RD_LATENCY > 8) begin
            $error("%m: RD_LATENCY must be 1..8"); $finish;
        end
    end

    reg        bvalid_reg;
    reg [1:0]  bresp_reg;
    reg        rvalid_reg;
    reg [1:0]  rresp_reg;
    reg [31:0] rdata_reg;

    // ---------------------------------------------------------------- writes
    reg                  wq_v_reg;          // a write is registered (the owner applies it now)
    reg [ADDR_WIDTH-1:0] wq_addr_reg;
    reg [31:0]           wq_data_reg;
    reg [3:0]            wq_strb_reg;
    wire wr_fire = s_axil_awvalid && s_axil_wvalid && !bvalid_reg && !wq_v_reg;
    assign s_axil_awready = wr_fire;
    assign s_axil_wready  = wr_fire;
    assign s_axil_bvalid  = bvalid_reg;
    assign s_axil_bresp   = bresp_reg;
    assign reg_wr_en   = wq_v_reg;
    assign reg_wr_addr = wq_addr_reg;
    assign reg_wr_data = wq_data_reg;
    assign reg_wr_strb = wq_strb_reg;

    // ---------------------------------------------------------------- reads
    reg                  rd_busy_reg;       // a read is in flight (AR taken, R not yet taken)
    reg [ADDR_WIDTH-1:0] rd_addr_reg;
    reg [RS-1:0]         rd_stage_reg;
    wire rd_fire   = s_axil_arvalid && s_axil_arready;
    wire rd_sample = rd_stage_reg[RS-1];
    assign s_axil_arready = !rd_busy_reg;
    assign s_axil_rvalid  = rvalid_reg;
    assign s_axil_rresp   = rresp_reg;
    assign s_axil_rdata   = rdata_reg;
    assign reg_rd_addr    = rd_addr_reg;
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
            wq_v_reg <= wr_fire;
            if (wq_v_reg) begin
                bvalid_reg <= 1'b1;
                bresp_reg  <= reg_wr_err ? 2'b10 : 2'b00;
            end else if (s_axil_bready) begin
                bvalid_reg <= 1'b0;
            end
            rd_stage_reg <= rd_stage_next;
            if (rd_fire)
                rd_busy_reg <= 1'b1;
            else if (rvalid_reg && s_axil_rready)
                rd_busy_reg <= 1'b0;
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
        // the write's words load in every cycle (no enable: the handshake is not on their clock
        // enable path); they are the write's in the cycle reg_wr_en is high, the one after it
        wq_addr_reg <= s_axil_awaddr;
        wq_data_reg <= s_axil_wdata;
        wq_strb_reg <= s_axil_wstrb;
        if (rd_fire)
            rd_addr_reg <= s_axil_araddr;
    end
endmodule
`resetall
