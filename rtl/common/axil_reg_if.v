`resetall
`default_nettype none
// axil_reg_if: AXI4-Lite slave -> simple register bus.
//
// Shapes: ADDR_WIDTH-bit byte address, 32-bit data. One outstanding write and one outstanding
// read. A write is accepted when AW and W are both valid (same cycle) and no response is
// pending; reg_wr_en pulses for one cycle in that cycle and the B response (OKAY, or SLVERR when
// reg_wr_err was high in that cycle) follows in the next cycle. A read is accepted when no R
// response is pending; reg_rd_addr is looked up combinationally by the owner (reg_rd_data,
// reg_rd_err) in the accept cycle and returned registered in the next cycle. Reads have no side
// effects.
// Source: ARCHITECTURE.md "Interfaces and naming" (one AXI4-Lite slave per block).
module axil_reg_if #(
    parameter ADDR_WIDTH = 16
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
    input  wire [31:0]           reg_rd_data,
    input  wire                  reg_rd_err
);
    reg        bvalid_reg;
    reg [1:0]  bresp_reg;
    reg        rvalid_reg;
    reg [1:0]  rresp_reg;
    reg [31:0] rdata_reg;

    wire wr_fire = s_axil_awvalid && s_axil_wvalid && !bvalid_reg;
    wire rd_fire = s_axil_arvalid && !rvalid_reg;

    assign s_axil_awready = wr_fire;
    assign s_axil_wready  = wr_fire;
    assign s_axil_bvalid  = bvalid_reg;
    assign s_axil_bresp   = bresp_reg;
    assign s_axil_arready = !rvalid_reg;
    assign s_axil_rvalid  = rvalid_reg;
    assign s_axil_rresp   = rresp_reg;
    assign s_axil_rdata   = rdata_reg;

    assign reg_wr_en   = wr_fire;
    assign reg_wr_addr = s_axil_awaddr;
    assign reg_wr_data = s_axil_wdata;
    assign reg_wr_strb = s_axil_wstrb;
    assign reg_rd_addr = s_axil_araddr;

    always @(posedge clk) begin
        if (rst) begin
            bvalid_reg <= 1'b0;
            bresp_reg  <= 2'b00;
            rvalid_reg <= 1'b0;
            rresp_reg  <= 2'b00;
            rdata_reg  <= 32'd0;
        end else begin
            if (wr_fire) begin
                bvalid_reg <= 1'b1;
                bresp_reg  <= reg_wr_err ? 2'b10 : 2'b00;
            end else if (s_axil_bready) begin
                bvalid_reg <= 1'b0;
            end
            if (rd_fire) begin
                rvalid_reg <= 1'b1;
                rresp_reg  <= reg_rd_err ? 2'b10 : 2'b00;
                rdata_reg  <= reg_rd_data;
            end else if (s_axil_rready) begin
                rvalid_reg <= 1'b0;
            end
        end
    end
endmodule
`resetall
