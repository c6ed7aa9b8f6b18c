`resetall
`default_nettype none
// gate_selftest: the timing gate's own negative test (`make timing`, docs/synth.md). An 8-bit
// counter with a registered compare: far above 125 MHz on ECP5 speed 6, far below the 1000 MHz the
// self-test asks of it, so fpga/open/synth.sh --timing must report "TIMING FAIL top gate_selftest".
// Shapes: clk, rst (synchronous, active high), hit (registered, 1 cycle after cnt_reg == 8'hff).
// Latency 1 cycle; no throughput (free-running). Source: issue 10 part 4 (a check that can fail).
module gate_selftest (
    input  wire clk,
    input  wire rst,
    output reg  hit
);
    reg [7:0] cnt_reg;
    always @(posedge clk) begin
        if (rst) begin
            cnt_reg <= 8'd0;
            hit     <= 1'b0;
        end else begin
            cnt_reg <= cnt_reg + 8'd1;
            hit     <= (cnt_reg == 8'hff);
        end
    end
endmodule
`resetall
